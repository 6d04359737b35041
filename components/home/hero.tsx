import { getTranslations } from 'next-intl/server';
import { pageFormatter } from '@/lib/i18n/format';
import { CheckCircle2, Clock, Sparkles } from '@/components/ui/icons';
import { ButtonLink } from '@/components/ui/button-link';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { AGENCY } from '@/lib/agency';
import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import { activeOffer } from '@/lib/site';
import { HeroImage } from './hero-image';

export async function Hero({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.hero' });
  const tNav = await getTranslations({ locale, namespace: 'Nav' });
  const format = pageFormatter(locale);
  const { consultationMinutes, replyHours } = AGENCY.promises;
  const offer = activeOffer();
  const chips = [t('chips.free', { minutes: consultationMinutes }), t('chips.reply', { hours: replyHours }), t('chips.languages')];

  return (
    <section className="relative isolate overflow-hidden bg-ocean-900">
      <HeroImage alt={t('imageAlt')} />
      <div className="mx-auto max-w-6xl px-4 py-20 text-white sm:py-28">
        {offer && (
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-coral-700">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('badge', { text: offer.text[locale], date: format.dateTime(offer.endsAt, { dateStyle: 'long', timeZone: AGENCY_TIME_ZONE }) })}
          </p>
        )}
        <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ocean-50">{t('subtitle')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={localePath(locale, 'contact')}>
            <Clock aria-hidden="true" className="size-5" />
            {tNav('planCall')}
          </ButtonLink>
          <ButtonLink href={localePath(locale, 'visa-finder')} variant="inverse">
            {t('visaFinder')}
          </ButtonLink>
        </div>
        <ul className="mt-8 flex flex-wrap gap-3 text-sm">
          {chips.map((chip) => (
            <li key={chip} className="inline-flex items-center gap-2 rounded-full bg-ocean-800 px-3 py-1.5">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {chip}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
