import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

const STEPS = ['consultation', 'plan', 'paperwork', 'settle'] as const;

export async function Process({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.process' });
  const { consultationMinutes, consultationWithinHours, planWithinHours, paperworkWeeks } = SITE.figures;
  const values = {
    consultation: { minutes: consultationMinutes, hours: consultationWithinHours },
    plan: { hours: planWithinHours },
    paperwork: { weeks: paperworkWeeks },
    settle: {},
  };
  return (
    <Section id="process" title={t('title')} subtitle={t('subtitle')} tone="sand">
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-xl bg-white p-6 shadow-sm">
            <span
              aria-label={t('stepLabel', { number: index + 1 })}
              className="flex size-10 items-center justify-center rounded-full bg-ocean-700 text-lg font-bold text-white"
            >
              {index + 1}
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
