import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { SITE } from '@/lib/site';
import { DURATIONS, FAMILY_ANSWERS, NATIONALITIES, WORK_CONTEXTS, WORK_STATUSES, getVisaOptionLabels } from '@/lib/visa';
import { NATIONALITY_ALIASES, type Question, type VisaFinderTexts } from './types';

const options = (values: readonly string[], labels: Record<string, string>) => values.map((value) => ({ value, label: labels[value] ?? value }));

/**
 * Nationalities in the visitor's alphabetical order. Réunion is a French region, not a
 * nationality: its people choose France (an old shared URL is read as France, see NATIONALITY_ALIASES).
 */
function nationalityOptions(locale: Locale, labels: Record<string, string>) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return options(
    NATIONALITIES.filter((value) => !(value in NATIONALITY_ALIASES)),
    labels,
  ).sort((a, b) => collator.compare(a.label, b.label));
}

/** Everything the client questionnaire needs, translated on the server (no messages shipped). */
export async function visaFinderProps(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'VisaFinder' });
  const tPlan = await getTranslations({ locale, namespace: 'VisaPlan' });
  const labels = getVisaOptionLabels({ locale });
  const questions: Question[] = [
    { field: 'nationality', label: t('form.nationality'), required: true, options: nationalityOptions(locale, labels.nationalities) },
    { field: 'duration', label: t('form.duration'), required: true, options: options(DURATIONS, labels.durations) },
    { field: 'work_status', label: t('form.workStatus'), required: true, options: options(WORK_STATUSES, labels.workStatuses) },
    { field: 'work_context', label: t('form.workContext'), required: false, options: options(WORK_CONTEXTS, labels.workContexts) },
    { field: 'family', label: t('form.family'), required: false, options: options(FAMILY_ANSWERS, labels.familyAnswers) },
  ];
  const resultKeys = [
    'title',
    'empty',
    'recommended',
    'entry',
    'conditions',
    'family',
    'documents',
    'processing',
    'alternatives',
    'nextSteps',
    'notes',
    'sources',
    'sourcesOfficial',
    'sourcesSecondary',
    'sourceUndated',
    'sourceDated',
    'markerLow',
    'markerSingle',
    'markerConflict',
    'markerLegend',
    'conditionSources',
    'reviewed',
    'planCall',
    'newTab',
    'share',
  ] as const;
  const texts: VisaFinderTexts = {
    formTitle: t('form.title'),
    optional: t('form.optional'),
    choose: t('form.choose'),
    required: t('form.required'),
    submit: t('form.submit'),
    loading: t('form.loading'),
    reset: t('form.reset'),
    errorTitle: t('errors.title'),
    errorRequired: t('errors.required'),
    errorFetch: t('errors.fetch'),
    errorRateLimited: t('errors.rateLimited'),
    fieldRequired: t('errors.fieldRequired'),
    email: {
      title: t('email.title'),
      label: t('email.label'),
      send: t('email.send'),
      sending: t('email.sending'),
      successTitle: t('email.successTitle'),
      success: t('email.success'),
      savedTitle: t('email.savedTitle'),
      saved: t('email.saved'),
      invalid: t('email.invalid'),
      limitRecipient: t('email.limitRecipient'),
      limitSite: t('email.limitSite'),
      rateLimited: t('errors.rateLimited'),
      errorTitle: t('errors.title'),
      error: t('errors.fetch'),
    },
    askAdvisor: t('email.askAdvisor'),
    openPlan: tPlan('openPlan'),
    // Placeholders stay for the client to fill with the visitor's answers.
    advisorMessage: t.raw('email.advisorMessage') as string,
    result: Object.fromEntries(resultKeys.map((key) => [key, t.raw(`result.${key}`) as string])) as VisaFinderTexts['result'],
  };
  const emailConsent = t.rich('email.consent', {
    link: (chunks) => (
      <Link href={localePath(locale, 'privacy')} className="font-semibold text-ocean-700 underline underline-offset-2">
        {chunks}
      </Link>
    ),
  });
  return { locale, questions, texts, emailConsent, bookingHref: SITE.bookingUrl ?? localePath(locale, 'contact') };
}
