import type { Metadata } from 'next';
import { PlanPage, planMetadata } from '@/components/plan/plan-page';
import { resolveLocale } from '@/lib/i18n/page';
import { readPlanSearch } from '@/lib/plan/address';

// Answers without a date (the plan proposes one from today) or no answers at all; a plan with its
// date is rewritten by the proxy to the cached plan-pages/[key].
export async function generateMetadata({ params }: PageProps<'/[locale]/visa-finder/plan'>): Promise<Metadata> {
  return planMetadata(await resolveLocale(params));
}

export default async function VisaPlanPage({ params, searchParams }: PageProps<'/[locale]/visa-finder/plan'>) {
  const locale = await resolveLocale(params);
  const query = await searchParams;
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  return <PlanPage locale={locale} address={readPlanSearch(search)} />;
}
