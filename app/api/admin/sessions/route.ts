import { withOperator } from '@/lib/auth/operator-session';
import { listSessionSummaryDtos } from '@/lib/chat/admin-queries';

export const dynamic = 'force-dynamic';

export const GET = withOperator(async () => Response.json({ sessions: await listSessionSummaryDtos() }));
