import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlanPage, planMetadata } from '@/components/plan/plan-page';
import { resolveLocale } from '@/lib/i18n/page';
import { readPlanKey } from '@/lib/plan/address';

// A plan with its arrival date, rendered on its first request and then cached. Whether a step still
// fits depends on today's date, so a cached plan is rendered again after an hour.
export const revalidate = 3600;
export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<'/[locale]/plan-pages/[key]'>): Promise<Metadata> {
  return planMetadata(await resolveLocale(params));
}

export default async function CachedPlanPage({ params }: PageProps<'/[locale]/plan-pages/[key]'>) {
  const locale = await resolveLocale(params);
  const address = readPlanKey((await params).key);
  if (!address) notFound();
  return <PlanPage locale={locale} address={address} />;
}
