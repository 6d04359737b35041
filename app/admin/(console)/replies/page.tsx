import type { Metadata } from 'next';
import { CannedRepliesView } from '@/components/admin/replies/canned-replies-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { listCannedReplies } from '@/lib/canned/queries';

export const metadata: Metadata = { title: 'Réponses types' };

export default async function RepliesPage() {
  if (!(await currentOperator())) return null;
  return <CannedRepliesView initialReplies={await listCannedReplies()} />;
}
