import { getFormatter, getTranslations } from 'next-intl/server';
import { Star } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

const PEOPLE = ['claire', 'markus', 'sofia'] as const;
const RATING = 5;
const STAR_ID = 'testimonial-star';
const STAR_PX = 20;
const STAR_GAP_PX = 4;

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
      {/* The star is drawn once and reused: fifteen copies of its path weighed 19 KB of the page. */}
      <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
        <symbol id={STAR_ID} viewBox="0 0 24 24">
          <Star className="fill-current" />
        </symbol>
      </svg>
      <ul className="grid gap-6 md:grid-cols-3">
        {PEOPLE.map((person) => (
          <li key={person}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <p role="img" aria-label={t('ratingLabel', { rating: RATING })} className="text-amber-500">
                <svg aria-hidden="true" width={RATING * STAR_PX + (RATING - 1) * STAR_GAP_PX} height={STAR_PX}>
                  {Array.from({ length: RATING }, (_, index) => (
                    <use key={index} href={`#${STAR_ID}`} x={index * (STAR_PX + STAR_GAP_PX)} width={STAR_PX} height={STAR_PX} />
                  ))}
                </svg>
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
