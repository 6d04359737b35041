import type { Metadata } from 'next';
import { PlanPage, planMetadata } from '@/components/plan/plan-page';
import { resolveLocale } from '@/lib/i18n/page';
import { readPlanSearch } from '@/lib/plan/address';

// Rendered per request from the query (answers and arrival date): whether a step still fits depends
// on today's date. Not cached: on-demand rendering of a parameterised page under [locale] is ruled
// out by the layout's `dynamicParams = false`.
export async function generateMetadata({ params }: PageProps<'/[locale]/visa-finder/plan'>): Promise<Metadata> {
  return planMetadata(await resolveLocale(params));
}

export default async function VisaPlanPage({ params, searchParams }: PageProps<'/[locale]/visa-finder/plan'>) {
  const locale = await resolveLocale(params);
  const query = await searchParams;
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  return <PlanPage locale={locale} address={readPlanSearch(search)} />;
}
