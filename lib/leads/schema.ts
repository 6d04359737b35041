import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/routing';

export const MAX_LEAD_MESSAGE_LENGTH = 5000;

const consent = z.union([z.literal(true), z.literal('true'), z.literal('on'), z.literal('1')]).transform(() => true as const);

/** The contact form, as JSON or form-encoded; `website` is the honeypot a person never fills. */
export const leadSchema = z.object({
  name: z.string().trim().min(2).max(120),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+()0-9 .-]*$/)
    .optional()
    .transform((value) => value || undefined),
  message: z.string().trim().min(10).max(MAX_LEAD_MESSAGE_LENGTH),
  consent,
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
  website: z.string().max(500).optional(),
  chatSession: z.object({ id: z.string().max(80), token: z.string().max(128) }).optional(),
});

export type LeadInput = z.infer<typeof leadSchema>;

export type LeadFieldError = 'required' | 'invalid';

/** `{ field: 'required' | 'invalid' }` for the form to show next to each field. */
export function leadFieldErrors(error: z.ZodError, body: Record<string, unknown>): Record<string, LeadFieldError> {
  const fields: Record<string, LeadFieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const value = body[field];
    fields[field] = value === undefined || value === null || value === '' || value === false ? 'required' : 'invalid';
  }
  return fields;
}
