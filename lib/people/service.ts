import 'server-only';
import { z } from 'zod';
import { endOfMuDay, followUpAt, snoozeUntil } from './snooze';
import { filterPeople, loadPeople } from './list-queries';
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

/** The view's first `limit` people, how many there are, and when the next snooze ends (the list changes then). */
export async function listPeople(filter: PeopleFilter, now: Date = new Date(), limit = MAX_LISTED_PEOPLE) {
  const everyone = await loadPeople();
  const people = filterPeople(everyone, { ...filter, dueBefore: endOfMuDay(now) });
  const snoozes = everyone.flatMap((person) => person.conversations.map((conversation) => conversation.snoozedUntil ?? ''));
  return { people: people.slice(0, limit), total: people.length, nextChangeAt: snoozes.filter(Boolean).sort()[0] ?? null };
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
