import { SEARCH_ACCENTED as ACCENTED, SEARCH_LIGATURES as LIGATURES, SEARCH_UNACCENTED as UNACCENTED } from '@/lib/db/schema';

export { ACCENTED, LIGATURES, UNACCENTED };

const FOLD = new Map([...ACCENTED].map((letter, index) => [letter, UNACCENTED[index] ?? letter]));
const LIGATURE = new Map(LIGATURES);

/** One character folded: lower case, no accent ("É" → "e", "œ" → "oe"). */
export function foldChar(char: string): string {
  return LIGATURE.get(char) ?? FOLD.get(char) ?? char.toLowerCase();
}

export function foldText(text: string): string {
  return [...text].map(foldChar).join('');
}

/** At most this many words count in a search; each is matched as a prefix ("reun" finds "Réunion"). */
export const MAX_SEARCH_WORDS = 6;

/** The words of a query, folded, letters and digits only; words under three letters ("de", "la") match too much to narrow anything. */
export function searchWords(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .slice(0, MAX_SEARCH_WORDS);
}

export type Highlighted = { text: string; match: boolean }[];

/** Splits `text` into runs, marking the words that start with one of `words` (compared folded, shown as written). */
export function highlight(text: string, words: string[]): Highlighted {
  const runs: Highlighted = [];
  const pattern = /[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu;
  for (const [part] of text.matchAll(pattern)) {
    const match = /[\p{L}\p{N}]/u.test(part) && words.some((word) => foldText(part).startsWith(word));
    const last = runs.at(-1);
    if (last && last.match === match) last.text += part;
    else runs.push({ text: part, match });
  }
  return runs;
}
