import { getTranslations } from 'next-intl/server';
import { ExampleMarker } from '@/components/home/example-marker';
import { AGENCY } from '@/lib/agency';
import { visibleEntries } from '@/lib/content/schema';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

/** The agency's history, one entry of content/agency/timeline.yaml per line, oldest first. */
export async function Timeline({ locale }: { locale: Locale }) {
  const events = visibleEntries(AGENCY.timeline, SITE.showExampleContent);
  if (events.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'About' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  return (
    <section aria-labelledby="timeline-title" className="mx-auto max-w-6xl px-4 pt-16">
      <h2 id="timeline-title" className="text-3xl font-bold tracking-tight text-ocean-900">
        {t('timeline.title')}
      </h2>
      <ol className="mt-8 border-l-2 border-ocean-100 pl-6">
        {events.map((event, index) => (
          <li key={`${event.year}-${index}`} className="relative pb-8 last:pb-0">
            <span aria-hidden="true" className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-ocean-700" />
            <p className="text-lg font-bold text-ocean-700">{event.year}</p>
            <p className="text-slate-700">{event.text[locale]}</p>
            <ExampleMarker label={tAgency('example')} show={event.example} />
          </li>
        ))}
      </ol>
    </section>
  );
}
