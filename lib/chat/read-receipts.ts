import 'server-only';
import { markRead } from './queries';
import { publishSignal } from './realtime';
import { describeError } from '@/lib/log/describe-error';

/**
 * Moves the operator's read marker and tells the visitor's widget (a read receipt); the marker is
 * stored, so a reload shows it too (sent when the visitor's stream opens).
 */
export async function markReadByOperator({ sessionId, upToId }: { sessionId: string; upToId: number }) {
  const marked = await markRead({ sessionId, reader: 'operator', upToId });
  if (marked) {
    await publishSignal({ type: 'read', sessionId, reader: 'operator', lastReadId: marked.lastReadId }).catch((error: unknown) =>
      console.error(`[chat] read signal failed: ${describeError(error)}`),
    );
  }
  return marked;
}
