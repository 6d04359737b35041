import type { Metadata } from 'next';
import { DossierList } from '@/components/admin/dossiers/dossier-list';
import { currentOperator } from '@/lib/auth/console-operator';
import { listOpenDossiers } from '@/lib/dossier/list';

export const metadata: Metadata = { title: 'Dossiers' };

export default async function DossiersPage() {
  if (!(await currentOperator())) return null;
  return <DossierList rows={await listOpenDossiers()} />;
}
