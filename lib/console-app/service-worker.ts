import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { CONSOLE_MANIFEST_PATH, CONSOLE_SCOPE, CONSOLE_SHELL_CACHE_PREFIX, CONSOLE_SHELL_URL, CONSOLE_START_URL, consoleIconUrl } from './app';
import { consoleAppTexts } from './texts';

/**
 * The service worker's script: lib/console-app/worker-script.js after its settings. The cache's
 * version is a digest of both, so a changed worker or text empties the old cache when it activates.
 */
export function consoleServiceWorker(): string {
  const texts = consoleAppTexts();
  const icon = consoleIconUrl('any', 192);
  const settings = {
    scope: CONSOLE_SCOPE,
    cachePrefix: CONSOLE_SHELL_CACHE_PREFIX,
    shellUrl: CONSOLE_SHELL_URL,
    startUrl: CONSOLE_START_URL,
    lang: DEFAULT_LOCALE,
    icon,
    badge: consoleIconUrl('badge', 96),
    precache: [CONSOLE_MANIFEST_PATH, icon, consoleIconUrl('badge', 96)],
    texts: { title: texts.notificationTitle, body: texts.notificationBody },
  };
  // Read when the route is written, at build (the route is static).
  const body = readFileSync(path.join(process.cwd(), 'lib/console-app/worker-script.js'), 'utf8');
  const version = createHash('sha256').update(JSON.stringify(settings)).update(body).digest('hex').slice(0, 12);
  return `const SETTINGS = ${JSON.stringify({ ...settings, version })};\n${body}`;
}
