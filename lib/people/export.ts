import 'server-only';
import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { mauritianDateTime } from '@/lib/time/mauritius';
import { toCsv } from '@/lib/csv';
import { listAllPeople, type PeopleFilter } from './service';

const texts = messagesFor(DEFAULT_LOCALE).AdminConsole.people;

/** An instant as a spreadsheet reads it: Mauritius time, "2026-11-27 14:05"; empty when none. */
const spreadsheetDate = (iso: string | null) => (iso ? mauritianDateTime(new Date(iso)) : null);

/** The people of one list view as a CSV the agency's spreadsheet opens as written (French headers, Mauritius time). */
export async function exportPeopleCsv(filter: PeopleFilter, now: Date = new Date()): Promise<{ csv: string; rows: number }> {
  const people = await listAllPeople(filter, now);
  const header = [
    texts.csv.name,
    texts.email,
    texts.phone,
    texts.stage,
    texts.lostReason,
    texts.sources,
    texts.language,
    texts.firstPage,
    texts.csv.firstContact,
    texts.csv.lastActivity,
    texts.followUpDate,
    texts.followUpReason,
  ];
  const rows = people.map((person) => [
    person.name ?? person.label,
    person.email,
    person.phone,
    texts.stages[person.stage],
    person.lostReason,
    person.sources.map((source) => texts.sourceNames[source]).join(', '),
    person.locale,
    person.firstPage,
    spreadsheetDate(person.firstSeenAt),
    spreadsheetDate(person.lastActivityAt),
    spreadsheetDate(person.followUpAt),
    person.followUpReason,
  ]);
  return { csv: toCsv([header, ...rows]), rows: rows.length };
}
