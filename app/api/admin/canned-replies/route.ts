import { withOperator } from '@/lib/auth/operator-session';
import { listCannedReplies } from '@/lib/canned/queries';

export const dynamic = 'force-dynamic';

/** Every canned reply, by shortcut: the console reads it on opening and when it regains focus (changes are server actions). */
export const GET = withOperator(async () => Response.json({ replies: await listCannedReplies() }));
