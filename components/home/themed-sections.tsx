import type { StaticImageData } from 'next/image';
import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { ArrowRight } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button-link';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import culture from '@/public/images/home/culture.jpg';
import discover from '@/public/images/home/discover.jpg';
import living from '@/public/images/home/living.jpg';
import working from '@/public/images/home/working.jpg';

// Each section leads to the page that continues its subject, under a label that says where.
const SECTIONS: { key: 'discover' | 'living' | 'working' | 'culture'; image: StaticImageData; explore: string; cards: string[] }[] = [
  { key: 'discover', image: discover, explore: 'blog/guide-complet-immigration-maurice', cards: ['climate', 'coast', 'safety', 'languages'] },
  { key: 'living', image: living, explore: 'services', cards: ['housing', 'schools', 'health', 'internet'] },
  { key: 'working', image: working, explore: 'visa-finder', cards: ['occupation', 'premium', 'company', 'network'] },
  { key: 'culture', image: culture, explore: 'blog', cards: ['cuisine', 'festivals', 'nature', 'community'] },
];

export async function ThemedSections({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.sections' });
  const tNav = await getTranslations({ locale, namespace: 'Nav' });
  // Card keys pair with their section at runtime; the typed keys cannot express that pairing.
  const tCard = t as unknown as (key: string) => string;

  return SECTIONS.map((section, index) => (
    <section key={section.key} id={section.key} aria-labelledby={`${section.key}-title`} className={index % 2 === 0 ? 'bg-white' : 'bg-sand-50'}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 id={`${section.key}-title`} className="text-3xl font-bold tracking-tight text-ocean-900">
            {t(`${section.key}.title`)}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{t(`${section.key}.subtitle`)}</p>
          <StaticImage src={section.image} alt="" sizes="(min-width: 1024px) 40vw, 100vw" className="mt-6 h-auto w-full rounded-xl" />
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              href={localePath(locale, section.explore)}
              className="inline-flex min-h-12 items-center gap-2 font-semibold text-ocean-700 underline underline-offset-4 hover:no-underline"
            >
              {t(`${section.key}.link`)}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <ButtonLink href={localePath(locale, 'contact')} variant="secondary">
              {/* The same words as the header's button to the same page. */}
              {tNav('planCall')}
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-3">
          {section.cards.map((card) => (
            <li key={card} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-semibold text-ocean-900">{tCard(`${section.key}.cards.${card}.title`)}</h3>
              <p className="mt-2 text-slate-700">{tCard(`${section.key}.cards.${card}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  ));
}
