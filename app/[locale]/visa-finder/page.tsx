import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { VisaFinder } from '@/components/visa/visa-finder';
import { HowItWorks } from '@/components/visa/how-it-works';
import { visaFinderProps } from '@/components/visa/visa-finder-props';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: PageProps<'/[locale]/visa-finder'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'visaFinder', 'visa-finder');
}

export default async function VisaFinderPage({ params }: PageProps<'/[locale]/visa-finder'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'VisaFinder' });
  return (
    <>
      <Breadcrumb locale={locale} path="visa-finder" />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-4xl px-4">
        <VisaFinder {...await visaFinderProps(locale)} />
      </div>
      <HowItWorks locale={locale} />
    </>
  );
}
