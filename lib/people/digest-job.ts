import 'server-only';
import { config } from '@/lib/config';
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
    void runDigestIfDue({ at: config.digestMinute, email, siteUrl }).then(
      (outcome) => (outcome === 'sent' || outcome === 'empty') && console.info(`[digest] ${outcome === 'sent' ? 'sent' : 'nothing to send today'}`),
      (error: Error) => console.error(`[digest] ${error.message}`),
    );
  };
  setTimeout(run, 15_000).unref();
  setInterval(run, CHECK_EVERY_MS).unref();
}
