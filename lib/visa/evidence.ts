import type { Confidence } from './rules';
import type { SourceLink } from './types';

export type EvidenceMarker = 'conflict' | 'low' | 'single';

/** How sure a statement is, as the visitor sees it: sources that disagree, a weak grade, or one source only. */
export function evidenceMarker({
  confidence,
  sourceIds,
  conflict,
}: {
  confidence: Confidence | null;
  sourceIds: readonly string[];
  conflict?: string | null;
}): EvidenceMarker | null {
  if (conflict) return 'conflict';
  if (confidence === 'low') return 'low';
  if (sourceIds.length === 1) return 'single';
  return null;
}

/** Official pages first, then the secondary sources, each group in the fact sheet's order. */
export function groupSources(sources: readonly SourceLink[]): { official: SourceLink[]; secondary: SourceLink[] } {
  return { official: sources.filter((source) => source.official), secondary: sources.filter((source) => !source.official) };
}

/** A source's own date ("2025-11", "2025", "2025-06-11") in the page's language; null when the page states none. */
export function formatSourceDate(asOf: string | null, locale: string): string | null {
  if (!asOf) return null;
  const [year, month, day] = asOf.split('-').map(Number);
  const date = new Date(Date.UTC(year!, (month ?? 1) - 1, day ?? 1, 12));
  const options: Intl.DateTimeFormatOptions = day
    ? { dateStyle: 'long', timeZone: 'UTC' }
    : month
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
