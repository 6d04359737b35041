import { getFormatter, getTranslations } from 'next-intl/server';
import { Star } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

const PEOPLE = ['claire', 'markus', 'sofia'] as const;
const RATING = 5;

// Sample testimonials are shown, never emitted as review or rating structured data (decision 16).
export async function Testimonials({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.testimonials' });
  const format = await getFormatter({ locale });
  const { ratingValue, ratingCount } = SITE.figures;
  return (
    <Section
      id="testimonials"
      title={t('title')}
      subtitle={t('subtitle', { rating: format.number(ratingValue), count: ratingCount })}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {PEOPLE.map((person) => (
          <li key={person}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <p role="img" aria-label={t('ratingLabel', { rating: RATING })} className="flex gap-1 text-amber-500">
                {Array.from({ length: RATING }, (_, index) => (
                  <Star key={index} aria-hidden="true" className="size-5 fill-current" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-slate-800">“{t(`items.${person}.text`)}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-ocean-900">{t(`items.${person}.name`)}</span>
                <span className="text-slate-600"> · {t(`items.${person}.origin`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
