import 'server-only';
import { getDbHandle } from '@/lib/db/client';
import { purgeExpiredData, readRetention } from '@/lib/db/purge.mjs';

const DAY_MS = 24 * 60 * 60 * 1000;
const SCHEDULED = Symbol.for('maurice-expat.retention-job');

export const RETENTION = readRetention(process.env);

export async function purgeNow() {
  const deleted = await purgeExpiredData(await getDbHandle(), RETENTION);
  if (deleted.chatSessions + deleted.leads > 0) {
    console.info(`[retention] deleted ${deleted.chatSessions} conversation(s) and ${deleted.leads} lead(s)`);
  }
  return deleted;
}

/** Runs the purge once now and then every day, for as long as the server runs. */
export function scheduleDailyPurge() {
  const holder = globalThis as { [SCHEDULED]?: boolean };
  // Unit tests open and close databases at will; the job belongs to a running server.
  if (holder[SCHEDULED] || process.env.VITEST) return;
  holder[SCHEDULED] = true;
  const run = () => void purgeNow().catch((error) => console.error(`[retention] ${(error as Error).message}`));
  setTimeout(run, 10_000).unref();
  setInterval(run, DAY_MS).unref();
}
