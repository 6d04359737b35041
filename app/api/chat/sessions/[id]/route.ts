import { withDatabase } from '@/lib/api/database-errors';
import { deleteChatSession } from '@/lib/chat/queries';
import { authenticateVisitor } from '@/lib/chat/visitor-auth';

/** "Delete my conversation": the visitor's token erases the session, every message in it and its trail (cascade). */
export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withDatabase('chat', async () => {
    const auth = await authenticateVisitor(request, id);
    if ('response' in auth) return auth.response;
    await deleteChatSession({ id });
    return new Response(null, { status: 204 });
  });
}
