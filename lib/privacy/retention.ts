import 'server-only';
import { config, type Retention } from '@/lib/config';
import { DAY_MS } from '@/lib/time/mauritius';
import { purgeExpiredData } from './queries';

const SCHEDULED = Symbol.for('maurice-expat.retention-job');

export async function purgeNow(retention: Retention = config.retention) {
  const deleted = await purgeExpiredData(retention);
  if (deleted.chatSessions + deleted.leads > 0) {
    console.info(`[retention] deleted ${deleted.chatSessions} conversation(s) and ${deleted.leads} lead(s)`);
  }
  return deleted;
}

/** Runs the purge shortly after start-up and then every day, for as long as the server runs. */
export function scheduleDailyPurge() {
  const holder = globalThis as { [SCHEDULED]?: boolean };
  if (holder[SCHEDULED]) return;
  holder[SCHEDULED] = true;
  const run = () => void purgeNow().catch((error) => console.error(`[retention] ${(error as Error).message}`));
  setTimeout(run, 10_000).unref();
  setInterval(run, DAY_MS).unref();
}
