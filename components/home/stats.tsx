import { getTranslations } from 'next-intl/server';
import { AGENCY } from '@/content/agency';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';
import { FigureList, agencyFigures } from './agency-figures';
import { ExampleMarker } from './example-marker';
import { openingHoursText } from './opening-hours';

export async function Stats({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.stats' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const figures = await agencyFigures(locale);
  const hours = AGENCY.hours;
  const showHours = !hours.example || SITE.showExampleContent;
  // A production build without confirmed figures or hours states nothing rather than placeholders.
  if (figures.length === 0 && !showHours) return null;
  return (
    <section aria-label={t('label')} className="border-b border-slate-200 bg-sand-50">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
        <FigureList locale={locale} items={figures} itemClassName="flex flex-col-reverse" />
        {showHours && (
          <div data-figure="hours" className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-700">
              {tAgency('hoursLabel')}
              <ExampleMarker label={tAgency('example')} show={hours.example} />
            </dt>
            <dd className="text-base font-semibold text-ocean-700">{await openingHoursText(locale)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
