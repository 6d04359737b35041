import { withDatabase } from '@/lib/api/database-errors';
import { deleteChatSession } from '@/lib/chat/queries';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';
import { emit } from '@/lib/events';

/** "Delete my conversation": the visitor's token erases the session, every message in it and its trail (cascade). */
export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    // Awaited: the register of erasures (lib/backup) has it before the visitor is told it is gone.
    if (await deleteChatSession({ id })) await emit('conversation.erased', { id });
    return new Response(null, { status: 204 });
  });
}
