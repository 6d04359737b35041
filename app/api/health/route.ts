import { getDbHandle } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/** Ready when the database answers: load balancers and the test runner wait on it. */
export async function GET() {
  try {
    const handle = await getDbHandle();
    await handle.query('select 1');
    return Response.json({ status: 'ok', database: handle.driver }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error(`[health] ${(error as Error).message}`);
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
