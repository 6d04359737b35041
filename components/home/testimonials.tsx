import { getTranslations } from 'next-intl/server';
import { pageFormatter } from '@/lib/i18n/format';
import { Section } from '@/components/ui/section';
import { AGENCY } from '@/lib/agency';
import { visibleEntries } from '@/lib/content/schema';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';
import { ExampleMarker } from './example-marker';

// Testimonials are shown, never emitted as review or rating structured data (decision 16). No stars:
// a rating is shown only with the platform that collected it (content/agency/claims.yaml `rating`).
export async function Testimonials({ locale }: { locale: Locale }) {
  const entries = visibleEntries(AGENCY.testimonials, SITE.showExampleContent);
  if (entries.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'Home.testimonials' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const format = pageFormatter(locale);
  const rating = AGENCY.rating;
  return (
    <Section id="testimonials" title={t('title')} subtitle={t('subtitle')}>
      {rating && (
        <p className="mb-6 text-center text-slate-700">
          <a href={rating.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
            {format.number(rating.value)}/5 · {format.number(rating.count)} · {rating.platform}
          </a>
        </p>
      )}
      <ul className="grid gap-6 md:grid-cols-3">
        {entries.map((entry) => (
          <li key={entry.id} data-testimonial={entry.id}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <ExampleMarker label={tAgency('example')} show={entry.example} />
              <blockquote className="mt-4 flex-1 text-slate-800">{t('quote', { text: entry.text[locale] })}</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-ocean-900">{entry.author}</span>
                <span className="text-slate-600"> · {entry.origin[locale]} · </span>
                <time dateTime={entry.date} className="text-slate-600">
                  {format.dateTime(new Date(`${entry.date}T12:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' })}
                </time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {entries.some((entry) => entry.example) && <p className="mt-6 text-sm text-slate-600">{tAgency('exampleNote')}</p>}
    </Section>
  );
}
