import { DEFAULT_LOCALE, isLocale, type Locale } from './routing';

interface Range {
  tag: string;
  quality: number;
  order: number;
}

function parseAcceptLanguage(header: string): Range[] {
  return header
    .split(',')
    .map((part, order) => {
      const [rawTag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: rawTag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((range) => range.tag !== '' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
}

/** Picks the best supported language from an Accept-Language header, else French. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const { tag } of parseAcceptLanguage(header)) {
    if (tag === '*') return DEFAULT_LOCALE;
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
