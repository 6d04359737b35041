import { z } from 'zod';
import { PERMIT_IDS } from '@/lib/visa/permits';
import { NATIONALITIES } from '@/lib/visa/schema';
import { LOCALES } from '@/lib/i18n/routing';

export const ITEM_STATES = ['requested', 'received', 'to_check', 'validated', 'refused'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Reasons an operator picks when refusing a document; each is in the five languages (Dossier.reasons). */
export const REFUSAL_REASONS = ['unreadable', 'expired', 'incomplete', 'wrong_document', 'not_translated', 'too_old'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const MAX_ITEMS = 40;
export const MAX_FILES_PER_ITEM = 10;
export const MAX_LABEL = 200;
export const MAX_REASON = 500;

const day = z.iso.date();

export const openDossierSchema = z.object({
  permit: z.enum(PERMIT_IDS),
  nationality: z.enum(NATIONALITIES),
  locale: z.enum(LOCALES),
  targetDate: day,
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
});
export type OpenDossierInput = z.infer<typeof openDossierSchema>;

export const reviewSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('validate'), expiresOn: day.nullable().optional(), issuedOn: day.nullable().optional() }),
  /** Received, set aside to be checked (a translation, a certification): the client sees "À vérifier". */
  z.object({ verdict: z.literal('to_check') }),
  z.object({
    verdict: z.literal('refuse'),
    reason: z.union([z.enum(REFUSAL_REASONS).transform((code) => `code:${code}`), z.string().trim().min(1).max(MAX_REASON)]),
  }),
]);
export type Review = z.infer<typeof reviewSchema>;

export const labelSchema = z.string().trim().min(1).max(MAX_LABEL);

export const milestoneSchema = z.discriminatedUnion('milestone', [
  z.object({ milestone: z.literal('submitted'), on: day, reference: z.string().trim().min(1).max(80) }),
  z.object({ milestone: z.literal('decision'), on: day, decision: z.enum(['approved', 'refused']) }),
  z.object({ milestone: z.literal('issued'), on: day, endsOn: day }),
  z.object({ milestone: z.literal('closed') }),
]);
export type Milestone = z.infer<typeof milestoneSchema>;

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
