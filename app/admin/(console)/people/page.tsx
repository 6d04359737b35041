import type { Metadata } from 'next';
import { PeoplePage } from '@/components/admin/people/people-page';

export const metadata: Metadata = { title: 'Personnes' };

export default async function People({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <PeoplePage searchParams={await searchParams} />;
}
