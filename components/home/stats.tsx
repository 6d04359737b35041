import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { FigureList, agencyFigures } from './agency-figures';
import { config } from '@/lib/config';
import { openingHoursText } from '@/lib/office-hours/text';

export async function Stats({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.stats' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const figures = await agencyFigures(locale);
  // Hours only when OFFICE_HOURS confirms them; no confirmed figures or hours: no band at all.
  const hours = await openingHoursText(locale, config.officeHours);
  if (figures.length === 0 && !hours) return null;
  return (
    <section aria-label={t('label')} className="border-b border-slate-200 bg-sand-50">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
        <FigureList locale={locale} items={figures} itemClassName="flex flex-col-reverse" />
        {hours && (
          <div data-figure="hours" className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-700">{tAgency('hoursLabel')}</dt>
            <dd className="text-base font-semibold text-ocean-700">{hours}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
