import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/lib/i18n/routing';

/**
 * A canned reply as the console holds it, and the pure logic of the `/shortcut` suggestions. No
 * server import: the console's bundle loads this module (never a visitor page).
 */
export interface CannedReplyDto {
  id: number;
  shortcut: string;
  /** French always; another language null when the operator left it empty. */
  texts: { fr: string } & Record<Exclude<Locale, 'fr'>, string | null>;
  createdAt: string;
  updatedAt: string;
}

/** Bounds of the table and of each reply; a text is at most one chat message. */
export const MAX_CANNED_REPLIES = 200;
export const MAX_SHORTCUT_LENGTH = 32;
/** Lowercase letters, digits and dashes, not starting with a dash (the database checks it too). */
export const SHORTCUT_PATTERN = `[a-z0-9][a-z0-9\\-]{0,${MAX_SHORTCUT_LENGTH - 1}}`;
/** The suggestions shown at once; typing more narrows them. */
export const MAX_SUGGESTIONS = 8;

export const CANNED_LOCALES = LOCALES;

/**
 * The text to insert in a conversation in `locale`: that language's, or French when it has none
 * (or the conversation's language is unknown). `fellBack` says French replaced the language.
 */
export function pickCannedText(reply: CannedReplyDto, locale: string | null | undefined): { text: string; locale: Locale; fellBack: boolean } {
  const wanted: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const own = reply.texts[wanted];
  if (own) return { text: own, locale: wanted, fellBack: false };
  return { text: reply.texts.fr, locale: DEFAULT_LOCALE, fellBack: wanted !== DEFAULT_LOCALE };
}

export interface SlashQuery {
  /** Index of the `/` in the field's value. */
  start: number;
  /** The caret: the query runs from `start + 1` to here. */
  end: number;
  query: string;
}

/**
 * The `/query` being typed just before the caret, when the `/` opens the field or follows a space
 * (`see https://a/b` is no shortcut). The query may be empty (`/` alone lists every reply).
 */
export function findSlashQuery(value: string, caret: number): SlashQuery | null {
  const before = value.slice(0, caret);
  const match = /(^|\s)\/([a-z0-9-]{0,32})$/i.exec(before);
  if (!match) return null;
  const query = match[2]!.toLowerCase();
  return { start: caret - query.length - 1, end: caret, query };
}

/** Replies whose shortcut starts with the query, then those containing it, each group by shortcut. */
export function matchCannedReplies(replies: readonly CannedReplyDto[], query: string, limit: number = MAX_SUGGESTIONS): CannedReplyDto[] {
  const sorted = [...replies].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const starting = sorted.filter((reply) => reply.shortcut.startsWith(query));
  const containing = sorted.filter((reply) => !reply.shortcut.startsWith(query) && reply.shortcut.includes(query));
  return [...starting, ...containing].slice(0, limit);
}

/** The field's value with the `/query` replaced by `text`, and where the caret goes after it. */
export function replaceSlashQuery(value: string, slash: SlashQuery, text: string): { value: string; caret: number } {
  const after = value.slice(slash.end);
  const spaced = after === '' || /^\s/.test(after) ? text : `${text} `;
  return { value: value.slice(0, slash.start) + spaced + after, caret: slash.start + spaced.length };
}
