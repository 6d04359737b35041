import type { Metadata } from 'next';
import { PlanPage, planMetadata } from '@/components/plan/plan-page';
import { resolveLocale } from '@/lib/i18n/page';
import { readPlanSearch } from '@/lib/plan/address';

// Rendered from the query (answers and arrival date): whether a step still fits depends on today's
// date. The proxy marks the answer cacheable until the next Mauritian midnight (lib/plan/cache.ts), so
// the reverse proxy of deploy/ and the browser keep each plan for the rest of the day. (Next's own
// on-demand cache is ruled out: the layout's `dynamicParams = false`, and a key per query would be
// unbounded on disk; nginx's cache has a size limit.)
export async function generateMetadata({ params }: PageProps<'/[locale]/visa-finder/plan'>): Promise<Metadata> {
  return planMetadata(await resolveLocale(params));
}

export default async function VisaPlanPage({ params, searchParams }: PageProps<'/[locale]/visa-finder/plan'>) {
  const locale = await resolveLocale(params);
  const query = await searchParams;
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  return <PlanPage locale={locale} address={readPlanSearch(search)} />;
}
