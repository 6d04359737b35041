import { randomUUID } from 'node:crypto';
import { tooManyRequests } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { testPushLimiter } from '@/lib/push/http';
import { deliverEvent } from '@/lib/push/sender';

/** Sends a test notification to each of the operator's devices; answers how many were queued. */
export const POST = withOperator(async ({ operator }) => {
  const limited = await testPushLimiter(String(operator.operatorId));
  if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
  const devices = await deliverEvent({ kind: 'test', id: randomUUID() }, { operatorId: operator.operatorId });
  return Response.json({ devices });
});
