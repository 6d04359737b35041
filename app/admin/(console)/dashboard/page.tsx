import type { Metadata } from 'next';
import { DashboardView } from '@/components/admin/dashboard/dashboard-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { getBackupStatus } from '@/lib/backup/status';
import { getDashboard } from '@/lib/people/dashboard-queries';

export const metadata: Metadata = { title: 'Tableau de bord' };

/** The Monday numbers, counted on the server at each visit, and the backups' state. */
export default async function DashboardPage() {
  if (!(await currentOperator())) return null;
  const [data, backup] = await Promise.all([getDashboard(), getBackupStatus()]);
  return <DashboardView data={data} backup={backup} />;
}
