import { evidenceMarker, formatSourceDate, groupSources, type EvidenceMarker } from '@/lib/visa/evidence';
import type { SourceLink, VisaCondition } from '@/lib/visa/types';
import type { VisaFinderTexts } from './types';

type Texts = VisaFinderTexts['result'];
const MARKER_TEXT = { conflict: 'markerConflict', low: 'markerLow', single: 'markerSingle' } as const satisfies Record<EvidenceMarker, keyof Texts>;

export function Marker({ marker, texts }: { marker: EvidenceMarker | null; texts: Texts }) {
  if (!marker) return null;
  // The space keeps "…marge. peu sûr" apart when the text is read aloud or copied.
  return (
    <>
      {' '}
      <span data-marker={marker} className="ml-1 inline-block rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
        {texts[MARKER_TEXT[marker]]}
      </span>
    </>
  );
}

/** "Sources: title, date · title" for the figures of one line of the result. */
export function CitedSources({ ids, sources, texts, locale }: { ids: readonly string[]; sources: SourceLink[]; texts: Texts; locale: string }) {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const list = ids
    .flatMap((id) => byId.get(id as SourceLink['id']) ?? [])
    .map((source) => [source.title, formatSourceDate(source.asOf, locale)].filter(Boolean).join(', '))
    .join(' · ');
  if (!list) return null;
  return <p className="mt-0.5 text-xs text-slate-600">{texts.conditionSources.replace('{list}', list)}</p>;
}

/** Each condition with its marker, the sources its figures rest on (with their dates) and any dissenting source. */
export function ConditionList({ conditions, sources, texts, locale }: { conditions: VisaCondition[]; sources: SourceLink[]; texts: Texts; locale: string }) {
  return (
    <ul className="list-disc space-y-2 pl-6">
      {conditions.map((condition) => (
        <li key={`${condition.permitId}-${condition.id}`} data-condition={condition.id}>
          {condition.text}
          <Marker marker={evidenceMarker(condition)} texts={texts} />
          {condition.conflict && <p className="mt-1 text-sm text-amber-900">{condition.conflict}</p>}
          <CitedSources ids={condition.sourceIds} sources={sources} texts={texts} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

function SourceGroup({ title, sources, texts, locale, kind }: { title: string; sources: SourceLink[]; texts: Texts; locale: string; kind: string }) {
  if (sources.length === 0) return null;
  return (
    <div data-sources={kind} className="mt-2">
      <h5 className="font-semibold text-ocean-900">{title}</h5>
      <ul className="mt-1 space-y-1">
        {sources.map((source) => {
          const date = formatSourceDate(source.asOf, locale);
          return (
            <li key={source.id}>
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-ocean-700 underline underline-offset-2">
                {source.title}
              </a>
              <span className="text-sm text-slate-600"> — {date ? texts.sourceDated.replace('{date}', date) : texts.sourceUndated}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SourceLists({ sources, texts, locale }: { sources: SourceLink[]; texts: Texts; locale: string }) {
  const { official, secondary } = groupSources(sources);
  return (
    <>
      <SourceGroup kind="official" title={texts.sourcesOfficial} sources={official} texts={texts} locale={locale} />
      <SourceGroup kind="secondary" title={texts.sourcesSecondary} sources={secondary} texts={texts} locale={locale} />
    </>
  );
}
