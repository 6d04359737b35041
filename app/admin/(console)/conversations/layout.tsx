import type { ReactNode } from 'react';
import { ConversationsFrame } from '@/components/admin/conversations/conversations-frame';

export default function ConversationsLayout({ children }: { children: ReactNode }) {
  return <ConversationsFrame>{children}</ConversationsFrame>;
}
