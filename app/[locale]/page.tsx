import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Hero } from '@/components/home/hero';
import { Process } from '@/components/home/process';
import { Stats } from '@/components/home/stats';
import { Testimonials } from '@/components/home/testimonials';
import { ThemedSections } from '@/components/home/themed-sections';
import { WhyUs } from '@/components/home/why-us';
import { CallToAction } from '@/components/ui/call-to-action';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { AGENCY } from '@/lib/agency';

// Rebuilt hourly so the limited-offer badge disappears once its end date has passed.
export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'home', '');
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Home.cta' });
  return (
    <>
      <Hero locale={locale} />
      <Stats locale={locale} />
      <WhyUs locale={locale} />
      <Process locale={locale} />
      <ThemedSections locale={locale} />
      <Testimonials locale={locale} />
      <CallToAction locale={locale} title={t('title')} text={t('text', { minutes: AGENCY.promises.consultationMinutes })} />
    </>
  );
}
