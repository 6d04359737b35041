import 'server-only';
import { getNotifyConfig } from '@/lib/notify/config';
import { runDigestIfDue } from './digest';

const CHECK_EVERY_MS = 60_000;
const SCHEDULED = Symbol.for('maurice-expat.digest-job');

/** Every instance checks each minute; the database lets one of them send the day's digest. */
export function scheduleDailyDigest() {
  const holder = globalThis as { [SCHEDULED]?: boolean };
  if (holder[SCHEDULED]) return;
  holder[SCHEDULED] = true;
  const run = () => {
    const { email, siteUrl } = getNotifyConfig();
    void runDigestIfDue({ email, siteUrl }).then(
      (outcome) => outcome === 'sent' && console.info('[digest] sent'),
      (error: Error) => console.error(`[digest] ${error.message}`),
    );
  };
  setTimeout(run, 15_000).unref();
  setInterval(run, CHECK_EVERY_MS).unref();
}
