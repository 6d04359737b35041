import type { Metadata } from 'next';
import { DossierWarnings } from '@/components/admin/dossiers/dossier-warnings';
import { PeoplePage } from '@/components/admin/people/people-page';
import { currentOperator } from '@/lib/auth/console-operator';
import { listDossierWarnings } from '@/lib/dossier/list';

export const metadata: Metadata = { title: 'À relancer' };

export default async function FollowUps({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const warnings = (await currentOperator()) ? await listDossierWarnings() : [];
  return (
    <>
      <DossierWarnings rows={warnings} />
      <PeoplePage searchParams={await searchParams} followUps />
    </>
  );
}
