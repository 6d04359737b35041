import { WORDS_PER_MINUTE } from './constants';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Inline Markdown to the text a reader sees: link and image text kept, markup and URLs dropped. */
export function inlineMarkdownToText(markdown: string): string {
  // Escaped characters are parked in private-use code points so the markup rules skip them.
  return markdown
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, (_, char: string) => `\uE000${char.charCodeAt(0)}\uE001`)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(?:https?|mailto):[^>]+>/g, '')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/[*`]|~~/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\uE000(\d+)\uE001/g, (_, code: string) => String.fromCharCode(Number(code)));
}

const BLOCK_MARKUP: [RegExp, string][] = [
  [/<!--[\s\S]*?-->/g, ' '],
  [/^\s*(?:```|~~~).*$/gm, ' '],
  [/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' '],
  [/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*(?::?-{3,}:?\s*)?$/gm, ' '],
  [/^\s*(?:[-*_]\s*){3,}$/gm, ' '],
  [/^\s{0,3}#{1,6}\s+/gm, ''],
  [/\s#+\s*$/gm, ''],
  [/^\s*>+\s?/gm, ''],
  [/^\s*(?:[-*+]|\d+[.)])\s+/gm, ''],
  [/\|/g, ' '],
];

/** A Markdown body as plain text, for word counts and search. */
export function markdownToText(markdown: string): string {
  const blocks = BLOCK_MARKUP.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), markdown);
  return inlineMarkdownToText(blocks);
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Minutes at 200 words a minute, rounded up; never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
