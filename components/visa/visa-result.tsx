'use client';

import type { ReactNode, Ref } from 'react';
import { LOCALE_TAGS, isLocale } from '@/lib/i18n/routing';
import { evidenceMarker } from '@/lib/visa/evidence';
import type { LocalizedItem, PermitOption, VisaRecommendation } from '@/lib/visa/types';
import { CitedSources, ConditionList, Marker, SourceLists } from './visa-evidence';
import type { VisaFinderTexts } from './types';

interface VisaResultProps {
  ref: Ref<HTMLElement>;
  result: VisaRecommendation;
  texts: VisaFinderTexts['result'];
  locale: string;
  bookingHref: string;
  /** Opens the chat with a summary of the answers and the recommendation. */
  onAskAdvisor: () => void;
  askAdvisorLabel: string;
  /** The relocation plan of this result, at its own address. */
  plan: { href: string; label: string };
  children?: ReactNode;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h4 className="text-lg font-semibold text-ocean-900">{title}</h4>
      <div className="mt-2 text-slate-800">{children}</div>
    </section>
  );
}

function ItemList({ items }: { items: LocalizedItem[] }) {
  return (
    <ul className="list-disc space-y-1 pl-6">
      {items.map((item) => (
        <li key={item.id}>{item.text}</li>
      ))}
    </ul>
  );
}

function OptionList({ options }: { options: PermitOption[] }) {
  return (
    <ul className="space-y-2">
      {options.map((option) => (
        <li key={option.id}>
          <strong>{option.name}</strong> — {option.why}
        </li>
      ))}
    </ul>
  );
}

export function VisaResult({ ref, result, texts, locale, bookingHref, onAskAdvisor, askAdvisorLabel, plan, children }: VisaResultProps) {
  const external = bookingHref.startsWith('http');
  if (!result.recommended?.name) {
    return (
      <p ref={ref as Ref<HTMLParagraphElement>} tabIndex={-1} className="mt-8 rounded-xl bg-sand-50 p-6">
        {texts.empty}
      </p>
    );
  }
  // The page's full tag ("en-GB"), so English dates read "21 November 2026".
  const tag = isLocale(locale) ? LOCALE_TAGS[locale] : locale;
  const reviewed = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${result.reviewedAt}T12:00:00Z`));
  const markers = [
    ...result.conditions.map(evidenceMarker),
    evidenceMarker(result.entry),
    evidenceMarker({ confidence: result.processingTime.confidence, sourceIds: [] }),
  ];

  return (
    <article ref={ref} tabIndex={-1} aria-labelledby="visa-result-title" className="mt-8 rounded-xl border-2 border-ocean-700 p-6 focus:outline-none">
      <h2 id="visa-result-title" className="text-2xl font-bold text-ocean-900">
        {texts.title}
      </h2>
      <section className="mt-4 rounded-lg bg-ocean-50 p-4">
        <p className="text-sm font-semibold tracking-wide text-ocean-800 uppercase">{texts.recommended}</p>
        <h3 className="mt-1 text-2xl font-bold text-ocean-900">{result.recommended.name}</h3>
        <p className="mt-2 text-slate-800">{result.recommended.summary}</p>
      </section>
      <Block title={texts.entry}>
        <div data-entry>
          <p>
            {result.entry.text}
            <Marker marker={evidenceMarker(result.entry)} texts={texts} />
          </p>
          <CitedSources ids={result.entry.sourceIds} sources={result.sources} texts={texts} locale={tag} />
        </div>
        {result.entry.notes.length > 0 && (
          <div className="mt-2">
            <ItemList items={result.entry.notes} />
          </div>
        )}
      </Block>
      <Block title={texts.conditions}>
        {markers.some(Boolean) && <p className="mb-2 text-sm text-slate-700">{texts.markerLegend}</p>}
        <ConditionList conditions={result.conditions} sources={result.sources} texts={texts} locale={tag} />
      </Block>
      <Block title={texts.family}>
        <p>{result.family.text}</p>
        {result.family.points.length > 0 && (
          <div className="mt-2">
            <ItemList items={result.family.points} />
          </div>
        )}
      </Block>
      <Block title={texts.documents}>
        <ItemList items={result.documents} />
      </Block>
      <Block title={texts.processing}>
        <p>
          {result.processingTime.text}
          <Marker marker={evidenceMarker({ confidence: result.processingTime.confidence, sourceIds: [] })} texts={texts} />
        </p>
      </Block>
      {result.alternatives.length > 0 && (
        <Block title={texts.alternatives}>
          <OptionList options={result.alternatives} />
        </Block>
      )}
      {result.nextSteps.length > 0 && (
        <Block title={texts.nextSteps}>
          <OptionList options={result.nextSteps} />
        </Block>
      )}
      {result.notes.length > 0 && (
        <Block title={texts.notes}>
          <ItemList items={result.notes} />
        </Block>
      )}
      <Block title={texts.sources}>
        <SourceLists sources={result.sources} texts={texts} locale={tag} />
      </Block>
      <p className="mt-6 text-sm text-slate-700">{texts.reviewed.replace('{date}', reviewed)}</p>
      <p className="mt-1 text-sm text-slate-700">{result.disclaimer}</p>
      <p className="mt-1 text-sm text-slate-700">{texts.share}</p>
      <a
        href={plan.href}
        data-plan-link
        className="mt-6 mr-3 inline-flex min-h-12 items-center rounded-lg bg-ocean-700 px-6 font-semibold text-white hover:bg-ocean-800"
      >
        {plan.label}
      </a>
      <a
        href={bookingHref}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white hover:bg-coral-700"
      >
        {texts.planCall}
        {external && <span className="sr-only"> {texts.newTab}</span>}
      </a>
      <button
        type="button"
        onClick={onAskAdvisor}
        className="mt-6 ml-3 inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50"
      >
        {askAdvisorLabel}
      </button>
      {children}
    </article>
  );
}
