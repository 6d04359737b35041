import { withOperator } from '@/lib/auth/operator-session';
import { listLeadDtos } from '@/lib/leads/admin-queries';

export const dynamic = 'force-dynamic';

/** Newest first, each with the chat sessions of the same e-mail, and the unhandled count. */
export const GET = withOperator(async () => Response.json(await listLeadDtos()));
