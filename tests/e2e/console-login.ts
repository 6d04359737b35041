import type { Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_OPERATOR } from '../../playwright.config';
import { expect } from './fixtures';

/**
 * The operator logs in once per worker and server: the session cookie an API login gave is kept
 * here (module state is per worker process) and handed to every console page of that server. The
 * login screen itself is tested in admin-console.spec.ts.
 */
const sessions = new Map<string, Promise<{ name: string; value: string }>>();

async function apiLogin(url: string) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    // An address of its own, clear of the login limits other tests exercise.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify(E2E_OPERATOR),
  });
  if (login.status !== 200) throw new Error(`operator login on ${url}: ${login.status} ${await login.text()}`);
  const [pair] = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const separator = pair!.indexOf('=');
  return { name: pair!.slice(0, separator), value: pair!.slice(separator + 1) };
}

/** Opens the console of the server at `url` (the suite's own by default), logged in, its live stream connected. */
export async function openConsole(page: Page, url = E2E_BASE_URL) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (!sessions.has(url)) sessions.set(url, apiLogin(url));
    const cookie = await sessions.get(url)!;
    await page.context().addCookies([{ ...cookie, url }]);
    await page.goto(`${url}/admin`);
    const live = page.getByText('En direct');
    const form = page.getByLabel('Mot de passe');
    await expect(live.or(form)).toBeVisible();
    if (await live.isVisible()) return;
    // A server started again on a fresh data folder does not know the session any more.
    sessions.delete(url);
  }
  throw new Error(`the console of ${url} did not open with a fresh session`);
}
