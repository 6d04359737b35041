import 'server-only';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { closeStreamsUnder, operatorAccountKey, operatorSessionKey } from './stream-caps';
import { describeError } from '@/lib/log/describe-error';

/** Ended operator sessions, told to every instance: each closes the event streams they opened there. */
export const SESSION_END_CHANNEL = 'operator_sessions_ended';

/** One session (logout) or every session of an account (revoked, disabled); ids as stored. */
export type SessionEnd = { sessionId: string } | { operatorId: number };

function endHere(end: SessionEnd): number {
  const key = 'sessionId' in end ? operatorSessionKey(end.sessionId) : operatorAccountKey(end.operatorId);
  return closeStreamsUnder(key, 'session_ended');
}

function parseSessionEnd(payload: string | undefined): SessionEnd | null {
  try {
    const value = JSON.parse(payload ?? '') as { sessionId?: unknown; operatorId?: unknown };
    if (typeof value.sessionId === 'string' && /^[0-9a-f]{64}$/.test(value.sessionId)) return { sessionId: value.sessionId };
    if (Number.isSafeInteger(value.operatorId)) return { operatorId: value.operatorId as number };
  } catch {
    // not ours
  }
  return null;
}

/** A NOTIFY from any instance (this one included: closing twice does nothing). */
export function receiveSessionEnd(payload: string | undefined): void {
  const end = parseSessionEnd(payload);
  if (end) endHere(end);
}

/**
 * Closes the session's streams on this instance at once, then tells the others through
 * PostgreSQL. Never throws: the session is already revoked in the database, and a stream the
 * notice misses still ends at its next heartbeat check.
 */
export async function announceSessionEnd(end: SessionEnd): Promise<void> {
  endHere(end);
  if (!config.database.databaseUrl) return;
  try {
    const db = await getDb();
    await db.execute(sql`select pg_notify(${SESSION_END_CHANNEL}, ${JSON.stringify(end)})`);
  } catch (error) {
    console.error(`[chat] session end not announced to the other instances: ${describeError(error)}`);
  }
}
