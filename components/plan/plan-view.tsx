import { getTranslations } from 'next-intl/server';
import { SourceLists } from '@/components/visa/visa-evidence';
import { VisaEmailForm } from '@/components/visa/visa-email-form';
import { visaFinderProps } from '@/components/visa/visa-finder-props';
import type { VisaFinderTexts } from '@/components/visa/types';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { planSearch } from '@/lib/plan/address';
import { PLAN_PATH } from '@/lib/plan/cache';
import { formatPlanDate } from '@/lib/plan/texts';
import type { PlanPhase, VisaPlan } from '@/lib/plan/types';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';
import { PlanActions } from './plan-actions';
import { PlanChecklist } from './plan-checklist';
import { PlanDateForm } from './plan-date-form';
import { PlanStepItem } from './plan-step';
import { PRINT_STYLES } from './print-styles';

const PHASES: PlanPhase[] = ['before', 'arrival', 'settling'];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section data-plan-section={id} aria-labelledby={`plan-${id}`} className="mt-10">
      <h2 id={`plan-${id}`} className="text-2xl font-bold text-ocean-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export async function PlanView({ locale, plan }: { locale: Locale; plan: VisaPlan }) {
  const t = await getTranslations({ locale, namespace: 'VisaPlan' });
  const finder = await visaFinderProps(locale);
  const resultTexts: VisaFinderTexts['result'] = finder.texts.result;
  const tag = LOCALE_TAGS[locale];
  const search = planSearch({ input: plan.input, arrival: plan.arrival });
  const planUrl = `${absoluteUrl(localePath(locale, PLAN_PATH))}?${search}`;
  const sources = new Map(plan.sources.map((source) => [source.id, source]));
  const stepTexts = {
    needs: t('labels.needs'),
    cost: t('labels.cost'),
    sources: t('labels.sources'),
    confidence: t('labels.confidence'),
    checked: t('labels.checked'),
    levels: { high: t('confidence.high'), medium: t('confidence.medium'), low: t('confidence.low'), none: t('confidence.none') },
  };
  const reviewed = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${plan.reviewedAt}T12:00:00Z`));
  const resultHref = `${localePath(locale, 'visa-finder')}?${planSearch({ input: plan.input, arrival: null })}`;
  const emailAnswers = {
    nationality: plan.input.nationality,
    duration: plan.input.duration,
    work_status: plan.input.workStatus,
    work_context: plan.input.workContext ?? '',
    family: plan.input.family ?? '',
  };

  return (
    <div data-plan className="mx-auto max-w-4xl px-4 pb-16">
      <style>{PRINT_STYLES}</style>
      <p className="text-xl font-semibold text-ocean-900">{t('permit', { permit: plan.permit.name })}</p>
      <p className="mt-1 text-slate-800">{plan.permit.summary}</p>
      <a href={resultHref} className="mt-2 inline-block text-ocean-700 underline underline-offset-2 print:hidden">
        {t('backToResult')}
      </a>
      <PlanDateForm locale={locale} plan={plan} texts={{ label: t('arrivalLabel'), submit: t('arrivalSubmit') }} />
      {plan.proposedArrival ? (
        <p className="mt-2 text-sm text-slate-700">{t('proposed', { date: formatPlanDate(plan.proposedArrival, locale) })}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t('noProposal')}</p>
      )}
      {!plan.arrival && <p className="mt-2 font-semibold text-slate-800">{t('chooseDate')}</p>}
      {plan.unfit.length > 0 && (
        <div role="alert" data-plan-too-close className="mt-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900">
          {plan.proposedArrival
            ? t('tooClose', { steps: plan.unfit.join(', '), date: formatPlanDate(plan.proposedArrival, locale) })
            : t('tooCloseNoDate', { steps: plan.unfit.join(', ') })}
        </div>
      )}
      {plan.arrival && (
        <div className="mt-6">
          <PlanActions
            calendarHref={`/api/visa-plan/ics?${search}&locale=${locale}`}
            texts={{ calendar: t('actions.calendar'), print: t('actions.print'), askAdvisor: t('actions.askAdvisor') }}
            advisorMessage={t('actions.advisorMessage', { permit: plan.permit.name, date: formatPlanDate(plan.arrival, locale), link: planUrl })}
          />
        </div>
      )}
      {PHASES.map((phase) => (
        <Section key={phase} id={phase} title={t(`phases.${phase}`)}>
          <ol className="space-y-4">
            {plan.steps
              .filter((step) => step.phase === phase)
              .map((step) => (
                <PlanStepItem key={step.id} step={step} sources={sources} texts={stepTexts} resultTexts={resultTexts} localeTag={tag} />
              ))}
          </ol>
          {phase === 'before' && <p className="mt-3 text-sm text-slate-700">{t('workingDays')}</p>}
          {phase === 'before' && plan.calculatedHolidays.length > 0 && (
            <p className="mt-1 text-sm text-slate-700">
              {t('calculatedHolidays', {
                list: plan.calculatedHolidays.map((holiday) => `${formatPlanDate(holiday.date, locale)} (${holiday.name}, ${t('calculated')})`).join(' · '),
              })}
            </p>
          )}
        </Section>
      ))}
      <Section id="documents" title={t('checklist.title')}>
        <PlanChecklist
          storageKey={`maurice-expat:plan-documents:${plan.permit.id}`}
          items={plan.documents}
          texts={{
            title: t('checklist.title'),
            note: t('checklist.note'),
            reset: t('checklist.reset'),
            progressLabel: t.raw('checklist.progressLabel') as string,
          }}
        />
      </Section>
      <Section id="fees" title={t('fees.title')}>
        <ul className="list-disc space-y-2 pl-6 text-slate-800">
          {plan.fees.map((fee) => (
            <li key={fee.id} data-fee={fee.id}>
              {fee.text}
              <dl className="grid gap-x-3 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">{t('labels.confidence')}</dt>
                <dd>{stepTexts.levels[fee.confidence ?? 'none']}</dd>
                {fee.sourceIds.length > 0 && (
                  <>
                    <dt className="font-semibold">{t('labels.sources')}</dt>
                    <dd>{fee.sourceIds.flatMap((id) => sources.get(id)?.title ?? []).join(' · ')}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-3 font-semibold text-slate-800">{t('fees.agency')}</p>
      </Section>
      <Section id="sources" title={t('sources.title')}>
        <SourceLists sources={plan.sources} texts={resultTexts} locale={tag} />
        <p className="mt-4 text-sm text-slate-700">{t('reviewed', { date: reviewed })}</p>
        <p className="mt-1 text-sm text-slate-700">{plan.disclaimer}</p>
        <p className="mt-1 text-sm text-slate-700">{t('share')}</p>
      </Section>
      {plan.arrival && (
        <div className="print:hidden">
          <VisaEmailForm
            answers={emailAnswers}
            extra={{ arrival: plan.arrival }}
            locale={locale}
            texts={{ ...finder.texts.email, title: t('email.title') }}
            consent={finder.emailConsent}
          />
        </div>
      )}
    </div>
  );
}
