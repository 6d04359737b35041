import type { Metadata } from 'next';
import { LeadPane } from '@/components/admin/requests/lead-pane';
import { currentOperator } from '@/lib/auth/console-operator';

export const metadata: Metadata = { title: 'Demandes' };

export default async function RequestsPage() {
  if (!(await currentOperator())) return null;
  return <LeadPane lead={null} />;
}
