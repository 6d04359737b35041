import { getTranslations } from 'next-intl/server';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import type { Locale } from '@/lib/i18n/routing';
import { buildPlan } from '@/lib/plan/build';
import { type PlanAddress } from '@/lib/plan/address';
import { PLAN_PATH } from '@/lib/plan/cache';
import { todayInMauritius } from '@/lib/time/mauritius';
import { localePath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { PlanView } from './plan-view';

/** A plan is one visitor's answers: reachable by its link, kept out of search engines. */
export async function planMetadata(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'VisaPlan' });
  return pageMetadata({ locale, path: PLAN_PATH, title: t('metaTitle'), description: t('metaDescription'), index: false });
}

export async function PlanPage({ locale, address }: { locale: Locale; address: PlanAddress | null }) {
  const t = await getTranslations({ locale, namespace: 'VisaPlan' });
  return (
    <>
      <Breadcrumb locale={locale} path={PLAN_PATH} currentLabel={t('title')} />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {address ? (
        <PlanView locale={locale} plan={buildPlan({ input: address.input, arrival: address.arrival, today: todayInMauritius(), locale })} />
      ) : (
        <div className="mx-auto max-w-4xl px-4 pb-16">
          <p className="text-slate-800">{t('empty')}</p>
          <a
            href={localePath(locale, 'visa-finder')}
            className="mt-4 inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white hover:bg-coral-700"
          >
            {t('backToFinder')}
          </a>
        </div>
      )}
    </>
  );
}
