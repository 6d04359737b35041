import type { Metadata } from 'next';
import { PeoplePage } from '@/components/admin/people/people-page';

export const metadata: Metadata = { title: 'À relancer' };

export default async function FollowUps({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <PeoplePage searchParams={await searchParams} followUps />;
}
