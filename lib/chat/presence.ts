import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { operatorPresence as presenceTable } from '@/lib/db/schema';
import { operatorPresence } from './realtime';
import { describeError } from '@/lib/log/describe-error';

// "Online now" across instances: each process writes how many consoles stream from it, renews the
// row every HEARTBEAT_MS while any does, and a row older than FRESH_MS (a crashed or stopped
// instance) no longer counts.
const HEARTBEAT_MS = 15_000;
const FRESH_SECONDS = 45;
const INSTANCE_ID = randomUUID();

const state = globalThis as typeof globalThis & { __presenceTimer?: ReturnType<typeof setInterval> };

async function writePresence(): Promise<void> {
  const consoles = operatorPresence.count();
  try {
    const db = await getDb();
    await db
      .insert(presenceTable)
      .values({ instanceId: INSTANCE_ID, consoles })
      .onConflictDoUpdate({ target: presenceTable.instanceId, set: { consoles, seenAt: sql`now()` } });
    await db.delete(presenceTable).where(lt(presenceTable.seenAt, sql`now() - make_interval(secs => ${FRESH_SECONDS * 4})`));
  } catch (error) {
    console.error(`Operator presence not written: ${describeError(error)}`);
  }
}

function syncHeartbeat() {
  void writePresence();
  if (operatorPresence.count() > 0 && !state.__presenceTimer) {
    state.__presenceTimer = setInterval(() => void writePresence(), HEARTBEAT_MS);
    state.__presenceTimer.unref?.();
  } else if (operatorPresence.count() === 0 && state.__presenceTimer) {
    clearInterval(state.__presenceTimer);
    state.__presenceTimer = undefined;
  }
}

/** A console opened its stream on this instance; the returned function closes it. */
export function enterConsole(): () => void {
  const leave = operatorPresence.enter();
  syncHeartbeat();
  return () => {
    leave();
    syncHeartbeat();
  };
}

/** Whether any instance streams to an operator console now. */
export async function isOperatorOnline(): Promise<boolean> {
  if (operatorPresence.count() > 0) return true;
  const db = await getDb();
  const rows = await db
    .select({ instanceId: presenceTable.instanceId })
    .from(presenceTable)
    .where(and(gt(presenceTable.consoles, 0), gt(presenceTable.seenAt, sql`now() - make_interval(secs => ${FRESH_SECONDS})`)))
    .limit(1);
  return rows.length > 0;
}
