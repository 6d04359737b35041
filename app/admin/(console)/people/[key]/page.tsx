import type { Metadata } from 'next';
import { PeoplePage } from '@/components/admin/people/people-page';

export const metadata: Metadata = { title: 'Personne' };

type Props = { params: Promise<{ key: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Person({ params, searchParams }: Props) {
  return <PeoplePage searchParams={await searchParams} personKey={(await params).key} />;
}
