import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '@/lib/chat/message';
import { MAX_SHORTCUT_LENGTH, SHORTCUT_PATTERN } from './reply';

/**
 * The console's reply field is one line (an `<input>`, which drops line breaks), so a text is
 * stored as one paragraph: runs of spaces and line breaks become one space.
 */
const oneParagraph = (value: string) => value.replace(/\s+/g, ' ').trim();

const text = z.string().transform(oneParagraph).pipe(z.string().max(MAX_MESSAGE_LENGTH));
const optionalText = z
  .union([text, z.null()])
  .optional()
  .transform((value) => value || null);

export const cannedReplySchema = z.object({
  shortcut: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_SHORTCUT_LENGTH)
    .regex(new RegExp(`^${SHORTCUT_PATTERN}$`)),
  texts: z.object({
    fr: text.pipe(z.string().min(1)),
    en: optionalText,
    es: optionalText,
    de: optionalText,
    it: optionalText,
  }),
});

export type CannedReplyInput = z.infer<typeof cannedReplySchema>;

export type CannedFieldError = 'required' | 'invalid' | 'too_long';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** `{ shortcut | fr | en | es | de | it: 'required' | 'invalid' | 'too_long' }`, shown beside each field. */
export function cannedFieldErrors(error: z.ZodError, body: Record<string, unknown>): Record<string, CannedFieldError> {
  const fields: Record<string, CannedFieldError> = {};
  for (const issue of error.issues) {
    // A missing or malformed `texts` object is reported on the French text, the one required.
    const last = issue.path.at(-1);
    const field = last === 'texts' ? 'fr' : String(last ?? 'shortcut');
    if (fields[field]) continue;
    const value = issue.path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), body);
    if (issue.code === 'too_big') fields[field] = 'too_long';
    else if (isBlank(value)) fields[field] = 'required';
    else fields[field] = 'invalid';
  }
  return fields;
}
