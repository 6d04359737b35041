import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AboutBody } from '@/components/about/about-body';
import { TeamList } from '@/components/about/team-list';
import { Timeline } from '@/components/about/timeline';
import { FigureList, agencyFigures } from '@/components/home/agency-figures';
import { Testimonials } from '@/components/home/testimonials';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { AGENCY } from '@/lib/agency';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { SITE } from '@/lib/site';

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'about', 'about');
}

// The text (content/about/<locale>.mdx) is true before the agency fills anything in; figures,
// team, testimonials and history appear as soon as real entries exist (examples only where shown).
export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'About' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const show = SITE.showExampleContent;
  const figures = await agencyFigures(locale);
  const founded = AGENCY.foundedYear.example && !show ? null : AGENCY.foundedYear.value;

  return (
    <>
      <Breadcrumb locale={locale} path="about" />
      <PageHeader title={t('title')} subtitle={founded ? t('subtitle', { year: founded }) : t('subtitleUndated')} />
      {figures.length > 0 && (
        <dl className="mx-auto mb-12 grid max-w-6xl grid-cols-2 gap-6 px-4 md:grid-cols-4">
          <FigureList locale={locale} items={figures} itemClassName="flex flex-col-reverse rounded-xl bg-sand-50 p-6 text-center" />
        </dl>
      )}
      <AboutBody locale={locale} />
      <TeamList locale={locale} />
      <Timeline locale={locale} />
      <Testimonials locale={locale} />
      {show && <p className="mx-auto max-w-6xl px-4 pt-8 text-sm text-slate-600">{tAgency('exampleNote')}</p>}
    </>
  );
}
