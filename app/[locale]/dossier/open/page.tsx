import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OpenLink } from '@/components/dossier/open-link';
import { LINK_REFUSALS } from '@/lib/dossier/access';
import { resolveLocale } from '@/lib/i18n/page';
import { localePath } from '@/lib/routes';

// The same page for every link (the token is in the fragment, read by the browser): prerendered,
// never indexed, and it sends no Referer anywhere.
export async function generateMetadata({ params }: PageProps<'/[locale]/dossier/open'>): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Dossier' });
  return { title: t('open.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function OpenDossierPage({ params }: PageProps<'/[locale]/dossier/open'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Dossier' });
  const errors = Object.fromEntries(
    [...LINK_REFUSALS, 'rate_limited', 'unavailable'].map((code) => [
      code,
      code === 'unavailable' ? t('errors.unavailable') : t(`link.${code as (typeof LINK_REFUSALS)[number] | 'rate_limited'}`),
    ]),
  );
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-8">
      <h1 className="text-3xl font-semibold text-ocean-900">{t('open.title')}</h1>
      <p className="leading-7">{t('open.text')}</p>
      <p className="text-sm text-slate-700">{t('open.ownMailOnly')}</p>
      <noscript>
        <p className="font-medium text-red-800">{t('open.noScript')}</p>
      </noscript>
      <OpenLink
        askHref={localePath(locale, 'dossier')}
        labels={{ open: t('open.button'), opening: t('open.opening'), missing: t('open.missing'), ask: t('open.ask'), errors }}
      />
    </div>
  );
}
