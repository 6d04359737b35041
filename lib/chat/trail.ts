import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/routing';
import { visaCheckRequestSchema } from '@/lib/visa/api-schema';
import { isVisaFinderPath, isVisaPlanPath, keepsQuery, MAX_TRAIL_PATH_LENGTH, MAX_TRAIL_TITLE_LENGTH } from './trail-limits';

export { isVisaFinderPath, isVisaPlanPath, MAX_TRAIL_PATH_LENGTH, MAX_TRAIL_TITLE_LENGTH };

/** Pages kept per conversation: a new page beyond it drops the oldest (the console shows the latest). */
export const MAX_TRAIL_ENTRIES = 200;

const ORIGIN = 'http://trail.invalid';
const LOCALE_PATH = new RegExp(`^/(?:${LOCALES.join('|')})(?:/[A-Za-z0-9._~%!$&'()*+,;=:@-]+)*$`);
/** The query a visa finder result carries: its answers (components/visa/types.ts writes them). */
const VISA_ANSWER_KEYS = Object.keys(visaCheckRequestSchema.shape).filter((key) => key !== 'locale');

/**
 * A page of this site under one of our locales, as stored: the query is kept only on the visa
 * finder and only its answers (any other query, a fragment or a trailing slash is dropped); null
 * for anything else (another origin, `//host`, a path outside the locales, a backslash…).
 */
export function normalizeTrailPath(raw: string): string | null {
  // A browser's location.pathname is already percent-encoded: raw spaces or controls are not one.
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s\p{Cc}]/u.test(raw) || raw.length > MAX_TRAIL_PATH_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (!LOCALE_PATH.test(pathname)) return null;
  if (!keepsQuery(pathname)) return pathname;
  const answers = new URLSearchParams();
  // A plan also keeps its target arrival date.
  for (const key of isVisaPlanPath(pathname) ? [...VISA_ANSWER_KEYS, 'arrival'] : VISA_ANSWER_KEYS) {
    const value = url.searchParams.get(key);
    if (value) answers.set(key, value);
  }
  const query = answers.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export const trailEntrySchema = z.object({
  path: z
    .string()
    .max(MAX_TRAIL_PATH_LENGTH)
    .transform((raw, context) => normalizeTrailPath(raw) ?? (context.addIssue({ code: 'custom', message: 'a path of this site' }), z.NEVER)),
  title: z
    .string()
    .max(MAX_TRAIL_TITLE_LENGTH)
    // Control characters would only garble the console.
    .transform((title) => title.replace(/\p{Cc}+/gu, ' ').trim())
    .default(''),
});
