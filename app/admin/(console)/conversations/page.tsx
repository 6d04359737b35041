import type { Metadata } from 'next';
import { NoConversation } from '@/components/admin/conversations/conversation-view';
import { currentOperator } from '@/lib/auth/console-operator';

export const metadata: Metadata = { title: 'Conversations' };

export default async function ConversationsPage() {
  if (!(await currentOperator())) return null;
  return <NoConversation />;
}
