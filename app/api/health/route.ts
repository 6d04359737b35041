import { pingDatabase } from '@/lib/db/client';
import { describeError } from '@/lib/log/describe-error';

export const dynamic = 'force-dynamic';

/** Ready when the database answers: load balancers and the test runner wait on it. */
export async function GET() {
  try {
    const database = await pingDatabase();
    return Response.json({ status: 'ok', database }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error(`[health] ${describeError(error)}`);
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
