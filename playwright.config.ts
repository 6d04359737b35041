import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BUILD_ENV } from './tests/e2e/build-env';
import { freshPostgresDatabase } from './tests/e2e/server-process';
import { NEXT_BIN, serverNodeArgs } from './tests/support/start-command.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The suite's own server (`next start` of the test build, see webServer below). */
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/** The test server's own embedded database and operator account (see tests/e2e/fixtures.ts). */
export const E2E_OPERATOR = { email: 'operateur@maurice-expat.test', password: 'mot-de-passe-de-test-e2e' };
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * `npm run test:e2e:postgres` (E2E_DATABASE=postgres): the suite's server on a new PostgreSQL
 * database instead of its embedded one (dropped after the run by tests/e2e/global-setup.ts); the
 * servers tests start of their own keep the database their test gives them.
 */
function suiteDatabase(): Record<string, string> {
  if (process.env.E2E_DATABASE !== 'postgres') return {};
  if (!process.env.E2E_DATABASE_URL) {
    const database = freshPostgresDatabase('e2e_suite');
    if (!database) throw new Error('E2E_DATABASE=postgres, but no PostgreSQL answers on 127.0.0.1:5432 (user postgres).');
    process.env.E2E_DATABASE_URL = database.url;
  }
  return { DATABASE_URL: process.env.E2E_DATABASE_URL };
}

/** Debian's Chromium (or CHROME_PATH): Playwright's own browser download is not available here. */
function chromiumPath(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = onPath(name);
    if (found) return found;
  }
  throw new Error('No Chromium found for the browser tests: install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chrome/Chromium binary.');
}

function onPath(name: string): string | null {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The browser most tests run in: Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * lighter headless build Playwright itself uses by default) when it is installed and CHROME_PATH does
 * not name a browser, else the full Chromium. Same Blink, half the CPU: the whole browser suite took
 * 732 CPU-seconds in it against about 1,200 in the full browser (439 s against 629 s on two cores).
 * It has no notifications: the specs that need them run in the full browser (FULL_CHROMIUM).
 */
function headlessShellPath(): string | null {
  if (process.env.CHROME_PATH) return null;
  // The binary itself, not Debian's wrapper script: Playwright then owns the browser's process.
  const debian = '/usr/lib/chromium/chromium-headless-shell';
  return existsSync(debian) ? debian : onPath('chromium-headless-shell');
}

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
/** Launch options of the full Chromium, for a spec that needs what the headless shell lacks: `test.use({ launchOptions: FULL_CHROMIUM })`. */
export const FULL_CHROMIUM = { executablePath: chromiumPath(), args: BROWSER_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Two everywhere, the number the suite is proven with: Playwright's default (half the cores) is one on
  // a two-core machine, where `npm test` then took 12.3 min instead of about 9.
  workers: 2,
  retries: 0,
  // Two cores serve the site, the database and the browser at once: allow for a loaded machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its actions, DOM snapshots, console and network; the screenshots (a screencast
    // of every action) cost about 9 % of the suite's time on two cores (five specs, 49 tests: 133 s with
    // them, 121 s without). Without snapshots (115 s) the trace loses the network log as well.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: headlessShellPath() ?? FULL_CHROMIUM.executablePath, args: BROWSER_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node ${serverNodeArgs().join(' ')} ${NEXT_BIN} start -p ${PORT}`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      ...E2E_BUILD_ENV,
      DATA_DIR: dataDir,
      ...suiteDatabase(),
      OPERATOR_EMAIL: E2E_OPERATOR.email,
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
    },
  },
});
