import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { AGENCY } from '@/lib/agency';
import { formatQuantity } from '@/lib/visa/render';
import { PROCESSING } from '@/lib/visa/rules';

const STEPS = ['consultation', 'plan', 'paperwork', 'settle'] as const;

/** The visa engine's own upper bound for a permit's processing time, in the page's language. */
function longestProcessing(permit: 'premium_visa' | 'occupation_permit_professional', locale: Locale): string {
  const processing = PROCESSING[permit];
  if (processing.kind !== 'range' && processing.kind !== 'up_to') throw new Error(`${permit} has no published processing time`);
  return formatQuantity(processing.max, locale);
}

export async function Process({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.process' });
  const { consultationMinutes, consultationHours, planHours } = AGENCY.promises;
  const values = {
    consultation: { minutes: consultationMinutes, hours: consultationHours },
    plan: { hours: planHours },
    paperwork: { premium: longestProcessing('premium_visa', locale), occupation: longestProcessing('occupation_permit_professional', locale) },
    settle: {},
  };
  return (
    <Section id="process" title={t('title')} subtitle={t('subtitle')} tone="sand">
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-xl bg-white p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-full bg-ocean-700 text-lg font-bold text-white">
              <span aria-hidden="true">{index + 1}</span>
              <span className="sr-only">{t('stepLabel', { number: index + 1 })}</span>
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ocean-900">{t(`steps.${step}.title`)}</h3>
            <p className="mt-2 text-slate-700">{t(`steps.${step}.description`, values[step])}</p>
            <p className="mt-4 text-sm font-semibold text-coral-700">{t(`steps.${step}.duration`, values[step])}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
