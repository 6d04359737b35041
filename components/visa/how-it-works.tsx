import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { AGENCY } from '@/lib/agency';

const STEPS = ['answer', 'result', 'call'] as const;

export async function HowItWorks({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'VisaFinder.how' });
  return (
    <Section id="how-it-works" title={t('title')}>
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-xl bg-sand-50 p-6">
            <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-ocean-700 font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ocean-900">{t(`steps.${step}.title`)}</h3>
            <p className="mt-2 text-slate-700">{t(`steps.${step}.description`, { minutes: AGENCY.promises.consultationMinutes })}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
