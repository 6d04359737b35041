import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LeadPane } from '@/components/admin/requests/lead-pane';
import { currentOperator } from '@/lib/auth/console-operator';
import { getLeadDto, leadIdSchema } from '@/lib/leads/admin-queries';

export const metadata: Metadata = { title: 'Demande' };

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await currentOperator())) return null;
  const id = leadIdSchema.safeParse((await params).id);
  const lead = id.success ? await getLeadDto({ id: id.data }) : null;
  if (!lead) notFound();
  return <LeadPane key={lead.id} lead={lead} />;
}
