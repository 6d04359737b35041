'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { dismissToasts, toast } from '@/components/ui/toast';
import type { VisaRecommendation } from '@/lib/visa/types';
import { useVisaCheck } from './use-visa-check';
import { askInChat } from '@/components/chat/constants';
import { EMPTY_ANSWERS, REQUIRED_FIELDS, answersFromSearch, answersToSearch, type Answers, type Question, type VisaFinderTexts } from './types';

// The result and its e-mail form load with the first check, not with the page.
type ResultViews = [typeof import('./visa-result'), typeof import('./visa-email-form')];
let resultViews: Promise<ResultViews> | undefined;
function loadResultViews() {
  resultViews ??= Promise.all([import('./visa-result'), import('./visa-email-form')]).catch((error: unknown) => {
    resultViews = undefined;
    throw error;
  });
  return resultViews;
}

/** The answers a result was computed from (the form may have changed since). */
function answersOf({ input }: VisaRecommendation): Answers {
  return {
    nationality: input.nationality,
    duration: input.duration,
    work_status: input.workStatus,
    work_context: input.workContext ?? '',
    family: input.family ?? '',
  };
}

/** The chat's first message: the answers in the page language, then the recommended permit. */
function advisorSummary(result: VisaRecommendation, questions: Question[], template: string): string {
  const answers = answersOf(result);
  const parts = questions
    .filter((question) => answers[question.field])
    .map((question) => `${question.label} ${question.options.find((option) => option.value === answers[question.field])?.label ?? answers[question.field]}`);
  return template.replace('{answers}', parts.join(' ; ')).replace('{permit}', result.recommended.name);
}

/** Height of the site header that stays on top of the page while it scrolls. */
function stickyHeaderHeight(): number {
  const header = [...document.querySelectorAll('header')].find((element) => getComputedStyle(element).position === 'sticky');
  return header?.offsetHeight ?? 0;
}

interface VisaFinderProps {
  locale: string;
  questions: Question[];
  texts: VisaFinderTexts;
  emailConsent: ReactNode;
  bookingHref: string;
}

export function VisaFinder({ locale, questions, texts, emailConsent, bookingHref }: VisaFinderProps) {
  const [answers, setAnswers] = useState<Answers>(EMPTY_ANSWERS);
  const [missing, setMissing] = useState<string[]>([]);
  const [result, setResult] = useState<VisaRecommendation | null>(null);
  const [views, setViews] = useState<ResultViews | null>(null);
  const { check, cancel, loading } = useVisaCheck(locale);
  const resultRef = useRef<HTMLElement>(null);

  async function run(next: Answers) {
    const [outcome, loaded] = await Promise.all([check(next), loadResultViews().catch(() => null)]);
    if (!outcome) return;
    if (outcome.kind === 'ok' && loaded) {
      setViews(loaded);
      dismissToasts();
      setResult(outcome.result);
    } else {
      toast({
        title: texts.errorTitle,
        description: outcome.kind === 'rate_limited' ? texts.errorRateLimited : texts.errorFetch,
        variant: 'destructive',
      });
    }
  }

  useEffect(() => {
    const shared = answersFromSearch(window.location.search, questions);
    if (REQUIRED_FIELDS.every((field) => shared[field])) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the shared URL exists only in the browser, after hydration
      setAnswers(shared);
      // An old shared address may hold a value read differently today (Réunion → France).
      if (`?${answersToSearch(shared)}` !== window.location.search) window.history.replaceState(null, '', `?${answersToSearch(shared)}`);
      void run(shared);
    }
    // Runs once: a shared URL is read when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus moves to a new result once it is on screen, so keyboard and screen-reader users land on it.
  // The scroll is explicit: focus() alone puts a tall result's middle on screen, and the result's
  // heading must land just below the sticky header (issue 15).
  useEffect(() => {
    const element = resultRef.current;
    if (!result || !element) return;
    element.focus({ preventScroll: true });
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight() - 16 });
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const absent = REQUIRED_FIELDS.filter((field) => !answers[field]);
    setMissing(absent);
    if (absent.length > 0) {
      toast({ title: texts.errorTitle, description: texts.errorRequired, variant: 'destructive' });
      document.getElementById(`visa-${absent[0]}`)?.focus();
      return;
    }
    window.history.replaceState(null, '', `?${answersToSearch(answers)}`);
    void run(answers);
  }

  function onReset() {
    cancel();
    setAnswers(EMPTY_ANSWERS);
    setMissing([]);
    setResult(null);
    window.history.replaceState(null, '', window.location.pathname);
  }

  const [ResultView, EmailForm] = views ? [views[0].VisaResult, views[1].VisaEmailForm] : [];
  const visible = questions.filter((question) => question.field !== 'work_context' || answers.work_status === 'Oui');

  return (
    <>
      <form
        method="get"
        onSubmit={onSubmit}
        onReset={onReset}
        noValidate
        aria-labelledby="visa-form-title"
        className="rounded-xl border border-slate-200 p-6 shadow-sm"
      >
        <h2 id="visa-form-title" className="text-xl font-semibold text-ocean-900">
          {texts.formTitle}
        </h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {visible.map((question) => {
            const invalid = missing.includes(question.field);
            return (
              <div key={question.field}>
                <label htmlFor={`visa-${question.field}`} className="block text-sm font-semibold text-slate-800">
                  {question.label} <span className="font-normal text-slate-600">{question.required ? '*' : texts.optional}</span>
                </label>
                <select
                  id={`visa-${question.field}`}
                  name={question.field}
                  value={answers[question.field]}
                  required={question.required}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? `visa-${question.field}-error` : undefined}
                  onChange={(event) => {
                    const value = event.target.value;
                    setAnswers((current) => ({ ...current, [question.field]: value }));
                    setMissing((current) => current.filter((field) => field !== question.field));
                  }}
                  className="mt-1 block min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 aria-invalid:border-red-700"
                >
                  <option value="">{texts.choose}</option>
                  {question.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {invalid && (
                  <p id={`visa-${question.field}-error`} className="mt-1 text-sm text-red-700">
                    {texts.fieldRequired}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <p className="mt-4 text-sm text-slate-600">* {texts.required}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={loading}
            className="inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white hover:bg-coral-700 disabled:cursor-wait disabled:opacity-70"
          >
            {loading ? texts.loading : texts.submit}
          </button>
          <button
            type="reset"
            disabled={loading}
            className="inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50 disabled:opacity-70"
          >
            {texts.reset}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={loading}>
        {result && ResultView && EmailForm && (
          <ResultView
            ref={resultRef}
            result={result}
            texts={texts.result}
            locale={locale}
            bookingHref={bookingHref}
            askAdvisorLabel={texts.askAdvisor}
            plan={{ href: `/${locale}/visa-finder/plan?${answersToSearch(answersOf(result))}`, label: texts.openPlan }}
            onAskAdvisor={() => askInChat(advisorSummary(result, questions, texts.advisorMessage))}
          >
            <EmailForm answers={answersOf(result)} locale={locale} texts={texts.email} consent={emailConsent} />
          </ResultView>
        )}
      </div>
    </>
  );
}
