import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConversationView } from '@/components/admin/conversations/conversation-view';
import { shortSessionId } from '@/components/admin/shell/format';
import { currentOperator } from '@/lib/auth/console-operator';
import { isSessionId, openSessionForOperator } from '@/lib/chat/admin-queries';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Conversation ${shortSessionId(decodeURIComponent(id))}` };
}

/** The conversation's latest page in the first paint; the console marks it read once shown (a POST). */
export default async function ConversationPage({ params }: Props) {
  if (!(await currentOperator())) return null;
  const id = decodeURIComponent((await params).id);
  const detail = isSessionId(id) ? await openSessionForOperator({ id }) : null;
  if (!detail) notFound();
  return <ConversationView detail={detail} />;
}
