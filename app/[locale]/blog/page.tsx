import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: PageProps<'/[locale]/blog'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'blog', 'blog');
}

export default async function BlogPage({ params }: PageProps<'/[locale]/blog'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  return (
    <>
      <Breadcrumb locale={locale} path="blog" />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
    </>
  );
}
