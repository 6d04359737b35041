import type { Metadata } from 'next';
import { DashboardView } from '@/components/admin/dashboard/dashboard-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { getDashboard } from '@/lib/people/dashboard-queries';

export const metadata: Metadata = { title: 'Tableau de bord' };

/** The Monday numbers, counted on the server at each visit. */
export default async function DashboardPage() {
  if (!(await currentOperator())) return null;
  return <DashboardView data={await getDashboard()} />;
}
