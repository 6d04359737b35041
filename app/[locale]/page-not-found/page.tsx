import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/layout/not-found-content';
import { resolveLocale } from '@/lib/i18n/page';
import { localePath } from '@/lib/routes';
import { marketingMetadata } from '@/lib/seo';

// Prerendered per language; the proxy rewrites every unknown path here with status 404.
export async function generateMetadata({ params }: PageProps<'/[locale]/page-not-found'>): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  const metadata = await marketingMetadata(locale, 'notFound', '');
  return { ...metadata, title: `${t('title')} – ${t('text')}`, alternates: undefined };
}

export default async function NotFoundPage({ params }: PageProps<'/[locale]/page-not-found'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return <NotFoundContent title={t('title')} text={t('text')} back={t('back')} homeHref={localePath(locale)} />;
}
