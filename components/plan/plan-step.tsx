import { Marker } from '@/components/visa/visa-evidence';
import type { VisaFinderTexts } from '@/components/visa/types';
import { formatSourceDate } from '@/lib/visa/evidence';
import type { PlanStep } from '@/lib/plan/types';
import type { SourceLink } from '@/lib/visa/types';

export interface PlanStepTexts {
  needs: string;
  cost: string;
  sources: string;
  confidence: string;
  checked: string;
  levels: Record<'high' | 'medium' | 'low' | 'none', string>;
}

/** One dated step: what it needs, what it costs, its sources with their dates, and how sure it is. */
export function PlanStepItem({
  step,
  sources,
  texts,
  resultTexts,
  localeTag,
}: {
  step: PlanStep;
  sources: Map<string, SourceLink>;
  texts: PlanStepTexts;
  resultTexts: VisaFinderTexts['result'];
  localeTag: string;
}) {
  const cited = step.sourceIds.flatMap((id) => sources.get(id) ?? []);
  const checked = formatSourceDate(step.asOf, localeTag);
  return (
    <li data-plan-step={step.id} data-fits={step.fits} className="rounded-lg border border-slate-200 p-4 break-inside-avoid">
      <p className="text-sm font-semibold text-ocean-800">{step.dateText}</p>
      <h3 className="mt-1 text-lg font-semibold text-ocean-900">{step.title}</h3>
      {!step.fits && step.fitNote && <p className="mt-1 font-semibold text-red-800">{step.fitNote}</p>}
      <p className="mt-1 text-slate-800">
        {step.text}
        <Marker marker={step.marker} texts={resultTexts} />
      </p>
      {step.needs.length > 0 && (
        <>
          <p className="mt-2 text-sm font-semibold text-slate-800">{texts.needs}</p>
          <ul className="list-disc pl-6 text-sm text-slate-800">
            {step.needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </>
      )}
      <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{texts.cost}</dt>
        <dd>{step.cost}</dd>
        <dt className="font-semibold">{texts.confidence}</dt>
        <dd>{texts.levels[step.confidence ?? 'none']}</dd>
        {cited.length > 0 && (
          <>
            <dt className="font-semibold">{texts.sources}</dt>
            <dd>
              {cited.map((source, index) => (
                <span key={source.id}>
                  {index > 0 && ' · '}
                  <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-ocean-700 underline underline-offset-2">
                    {source.title}
                  </a>
                </span>
              ))}
            </dd>
          </>
        )}
        {checked && (
          <>
            <dt className="font-semibold">{texts.checked}</dt>
            <dd>{checked}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
