import { withOperator } from '@/lib/auth/operator-session';
import { getDashboard } from '@/lib/people/dashboard-queries';

export const dynamic = 'force-dynamic';

/** The Monday numbers: twelve weeks of counts, no personal data. */
export const GET = withOperator(async () => Response.json(await getDashboard()));
