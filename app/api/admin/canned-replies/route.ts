import { withOperator } from '@/lib/auth/operator-session';
import { cannedWriteResponse, readCannedReply } from '@/lib/canned/http';
import { createCannedReply, listCannedReplies } from '@/lib/canned/queries';

export const dynamic = 'force-dynamic';

/** Every canned reply, by shortcut: the console reads it on opening and when it regains focus. */
export const GET = withOperator(async () => Response.json({ replies: await listCannedReplies() }));

export const POST = withOperator(async ({ request }) => {
  const read = await readCannedReply(request);
  if (!read.ok) return read.response;
  return cannedWriteResponse(await createCannedReply({ input: read.input }), 201);
});
