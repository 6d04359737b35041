import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Dog, FileCheck2, GraduationCap, HeartPulse, House, Briefcase } from '@/components/ui/icons';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { CallToAction } from '@/components/ui/call-to-action';
import { JsonLd } from '@/components/ui/json-ld';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { servicesJsonLd } from '@/lib/structured-data';

const SERVICES = [
  { key: 'visa', Icon: FileCheck2 },
  { key: 'realEstate', Icon: House },
  { key: 'company', Icon: Briefcase },
  { key: 'education', Icon: GraduationCap },
  { key: 'health', Icon: HeartPulse },
  { key: 'pets', Icon: Dog },
] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/services'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'services', 'services');
}

export default async function ServicesPage({ params }: PageProps<'/[locale]/services'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Services' });
  const services = SERVICES.map(({ key, Icon }) => ({
    key,
    Icon,
    name: t(`items.${key}.title`),
    description: t(`items.${key}.description`),
  }));

  return (
    <>
      <Breadcrumb locale={locale} path="services" />
      <JsonLd data={servicesJsonLd(locale, services)} />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.map(({ key, Icon, name, description }) => (
          <li key={key} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-11 rounded-lg bg-ocean-50 p-2 text-ocean-700" />
            <h2 className="mt-4 text-xl font-semibold text-ocean-900">{name}</h2>
            <p className="mt-2 text-slate-700">{description}</p>
          </li>
        ))}
      </ul>
      <CallToAction locale={locale} title={t('cta.title')} text={t('cta.text')} />
    </>
  );
}
