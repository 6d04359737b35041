import 'server-only';
import { z } from 'zod';
import { endOfMuDay, followUpAt, snoozeUntil } from './snooze';
import { withLastMessages } from './last-messages';
import { filterPeople, loadPeople } from './list-queries';
import { summarisePeople } from './summary';
import { MAX_NOTE_LENGTH, MAX_REASON_LENGTH, PEOPLE_VIEWS, STAGES, personKeySchema, stageChangeSchema } from './stages';

export { personKeySchema, stageChangeSchema };

/** The list's query string, shared by the list and the CSV export so the file holds what the list shows. */
export const peopleFilterSchema = z.object({
  view: z.enum(PEOPLE_VIEWS).default('open'),
  stage: z.enum(STAGES).optional(),
});
export type PeopleFilter = z.infer<typeof peopleFilterSchema>;

export function readPeopleFilter(url: URL) {
  return peopleFilterSchema.safeParse({ view: url.searchParams.get('view') ?? undefined, stage: url.searchParams.get('stage') ?? undefined });
}

/** At most this many people in one answer; the list says when more exist. */
export const MAX_LISTED_PEOPLE = 300;

/** The people of a view, whole (for the CSV export, which shows no message). */
export async function listAllPeople(filter: PeopleFilter, now: Date = new Date()) {
  return summarisePeople(filterPeople(await loadPeople(), { ...filter, dueBefore: endOfMuDay(now) }));
}

/**
 * The view's first `limit` people with their last messages, how many there are, and when the next
 * snooze ends (the list changes then). Only the people shown are summarised and read messages for.
 */
export async function listPeople(filter: PeopleFilter, now: Date = new Date(), limit = MAX_LISTED_PEOPLE) {
  const everyone = await loadPeople();
  const matching = filterPeople(everyone, { ...filter, dueBefore: endOfMuDay(now) });
  let nextChangeAt: string | null = null;
  for (const group of everyone) {
    for (const row of group.sessions)
      if (row.status === 'snoozed' && row.snoozed_until && (!nextChangeAt || row.snoozed_until < nextChangeAt)) nextChangeAt = row.snoozed_until;
  }
  return { people: await withLastMessages(summarisePeople(matching.slice(0, limit))), total: matching.length, nextChangeAt };
}

export const noteSchema = z.object({ body: z.string().trim().min(1).max(MAX_NOTE_LENGTH) });

export const followUpSchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  reason: z.string().trim().max(MAX_REASON_LENGTH).default(''),
});
export { followUpAt };

export const mergeSchema = z.object({ into: personKeySchema });

export const statusSchema = z.union([
  z.object({ status: z.enum(['open', 'resolved']) }),
  z.object({ status: z.literal('snoozed'), preset: z.enum(['tomorrow', 'monday']) }),
  z.object({ status: z.literal('snoozed'), preset: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);
export { snoozeUntil };
