import { z } from 'zod';

/** A person's stage, in the order of the board's columns. */
export const STAGES = ['new', 'qualified', 'consultation', 'in_progress', 'client', 'lost'] as const;
export type Stage = (typeof STAGES)[number];

export const CONVERSATION_STATUSES = ['open', 'resolved', 'snoozed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The list's views: conversations by status, everyone, or the follow-ups due. */
export const PEOPLE_VIEWS = ['open', 'snoozed', 'resolved', 'all', 'follow_up'] as const;
export type PeopleView = (typeof PEOPLE_VIEWS)[number];

export const MAX_NOTE_LENGTH = 4000;
export const MAX_REASON_LENGTH = 200;

/**
 * A person's key in URLs: their id. Links written before people were stored still resolve:
 * `email:<address>` and `chat:<session id>` (lib/people/keys.ts).
 */
export const personKeySchema = z
  .string()
  .max(300)
  .regex(/^([1-9][0-9]{0,15}|email:[^\s]+@[^\s]+|chat:[A-Za-z0-9_-]{1,100})$/);

export const personKeyOf = (personId: number) => String(personId);

export const personKeyForSession = (sessionId: string) => `chat:${sessionId}`;

/** The one description of a stage change: "lost" needs its reason. */
export const stageChangeSchema = z
  .object({ stage: z.enum(STAGES), lostReason: z.string().trim().max(MAX_REASON_LENGTH).optional() })
  .refine((change) => change.stage !== 'lost' || Boolean(change.lostReason), { message: 'lost needs a reason', path: ['lostReason'] });
