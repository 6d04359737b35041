import { z } from 'zod';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { durationSchema, familyAnswerSchema, nationalitySchema, visaLocaleSchema, workContextSchema, workStatusSchema } from './schema';
import type { VisaInput, VisaLocale } from './schema';

/**
 * The public payload of POST /api/visa-check: the French option texts in snake_case, as the
 * prototype sent them, plus the optional follow-up and the answer language.
 */
export const visaCheckRequestSchema = z.object({
  nationality: nationalitySchema,
  duration: durationSchema,
  work_status: workStatusSchema,
  work_context: workContextSchema.nullish(),
  family: familyAnswerSchema.nullish(),
  locale: visaLocaleSchema.optional(),
});

export type VisaCheckRequest = z.infer<typeof visaCheckRequestSchema>;

export function toVisaInput(request: VisaCheckRequest): { input: VisaInput; locale: VisaLocale } {
  return {
    input: {
      nationality: request.nationality,
      duration: request.duration,
      workStatus: request.work_status,
      workContext: request.work_context ?? undefined,
      family: request.family ?? undefined,
    },
    locale: request.locale ?? DEFAULT_LOCALE,
  };
}

/** `{ field: 'required' | 'invalid' }` for each rejected field, for the form to show. */
export function fieldErrors(error: z.ZodError, body: Record<string, unknown>): Record<string, 'required' | 'invalid'> {
  const fields: Record<string, 'required' | 'invalid'> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const value = body[field];
    fields[field] = value === undefined || value === null || value === '' ? 'required' : 'invalid';
  }
  return fields;
}
