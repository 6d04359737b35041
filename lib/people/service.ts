import 'server-only';
import { z } from 'zod';
import { endOfMuDay, followUpAt, snoozeUntil } from './snooze';
import { withLastMessages } from './last-messages';
import { getDb } from '@/lib/db/client';
import { leadSchema } from '@/lib/leads/schema';
import { listPeopleIds, loadPeopleByIds, nextSnoozeEnd } from './list-queries';
import { personIdOf } from './keys';
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
  const { ids } = await listPeopleIds({ ...filter, dueBefore: endOfMuDay(now) });
  return summarisePeople(await loadPeopleByIds(await getDb(), ids));
}

/**
 * The view's first `limit` people with their last messages, how many there are, and when the next
 * snooze ends (the list changes then). Only the people shown are read whole.
 */
export async function listPeople(filter: PeopleFilter, now: Date = new Date(), limit = MAX_LISTED_PEOPLE) {
  const [{ ids, total }, nextChangeAt] = await Promise.all([listPeopleIds({ ...filter, dueBefore: endOfMuDay(now), limit }), nextSnoozeEnd()]);
  const groups = await loadPeopleByIds(await getDb(), ids);
  return { people: await withLastMessages(summarisePeople(groups)), total, nextChangeAt };
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

/** An operator's correction of what the person typed (the privacy page promises rectification); null clears it. */
export const rectifySchema = z
  .object({
    name: leadSchema.shape.name.nullable().optional(),
    email: leadSchema.shape.email.nullable().optional(),
    phone: z
      .string()
      .trim()
      .min(4)
      .max(30)
      .regex(/^[+()0-9 .-]*$/)
      .nullable()
      .optional(),
  })
  .refine((change) => change.name !== undefined || change.email !== undefined || change.phone !== undefined, { message: 'nothing to correct' });
export type Rectification = z.infer<typeof rectifySchema>;

export const statusSchema = z.union([
  z.object({ status: z.enum(['open', 'resolved']) }),
  z.object({ status: z.literal('snoozed'), preset: z.enum(['tomorrow', 'monday']) }),
  z.object({ status: z.literal('snoozed'), preset: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);
export { snoozeUntil };

/** The id of the person a key names itself (merged or not); null when none. */
export async function findPersonId({ key }: { key: string }): Promise<number | null> {
  return personIdOf(await getDb(), key);
}
