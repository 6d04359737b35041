import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CONSOLE_VIEWS } from '@/lib/console-app/views';
import { openConsole } from './console-login';
import { visitorWrites } from './console-visitor';
import { expect, test } from './fixtures';

// The console runs no script the policy did not name: a nonce per request and 'strict-dynamic',
// never 'unsafe-inline' (proxy.ts, lib/csp.ts), on its pages and server actions; its API allows no
// script at all (default-src 'none', from next.config.ts).

const scriptSrc = (policy: string | undefined) => /(?:^|;)\s*script-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '';

function expectNoncePolicy(policy: string | undefined, what: string): string {
  const scripts = scriptSrc(policy);
  expect(scripts, what).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
  expect(scripts, what).toContain("'strict-dynamic'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(policy, what).toContain("frame-ancestors 'none'");
  return /'nonce-([^']+)'/.exec(scripts)![1]!;
}

/** Collects what Chromium reports, from every document the page loads (full loads included). */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, line: string) => void violations.push(line));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation(
        `${location.pathname}: ${event.effectiveDirective} ${event.blockedURI || 'inline'} ${event.sample}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('every console answer carries a policy without unsafe-inline: a nonce per page and action, none on the API', async ({ page, request }) => {
  const id = await visitorWrites(request, { locale: 'fr', startPage: '/fr/contact', content: `CSP ${randomBytes(3).toString('hex')}` });
  await openConsole(page);
  const fromPage = page.request;

  const nonces = new Set<string>();
  const paths = ['/admin', ...CONSOLE_VIEWS.map((view) => view.href), `/admin/conversations/${id}`, '/admin/offline', '/admin/sw.js'];
  for (const path of paths) {
    const answer = await fromPage.get(path, { maxRedirects: 0 });
    const nonce = expectNoncePolicy(answer.headers()['content-security-policy'], path);
    nonces.add(nonce);
    if (answer.status() === 200 && answer.headers()['content-type']?.startsWith('text/html')) {
      // Every script of the HTML carries this answer's nonce, inline ones included.
      const scripts = (await answer.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
        path,
      ).toEqual([]);
    }
  }
  expect(nonces.size, 'a fresh nonce per answer').toBe(paths.length);

  for (const [method, path] of [
    ['GET', '/api/admin/sessions'],
    ['GET', '/api/admin/push'],
    ['GET', '/api/admin/search?q=csp'],
    ['GET', '/admin/manifest.webmanifest'],
    ['POST', '/api/admin/login'],
  ] as const) {
    const answer = method === 'GET' ? await fromPage.get(path) : await request.post(path, { data: { email: 'nobody@example.com', password: 'x' } });
    const policy = answer.headers()['content-security-policy'];
    if (path.startsWith('/admin/')) expectNoncePolicy(policy, path);
    else {
      // The API's answers are no documents: nothing may run or load from them at all.
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).not.toMatch(/script-src|unsafe-inline/);
      expect(policy, path).toContain("frame-ancestors 'none'");
    }
  }

  // A server action (a note on this test's own visitor) is answered under the same policy.
  const actions: (string | undefined)[] = [];
  page.on('response', (response) => {
    if (response.request().headers()['next-action']) actions.push(response.headers()['content-security-policy']);
  });
  await page.goto(`/admin/people/${encodeURIComponent(`chat:${id}`)}`);
  await page.getByLabel('Note privée').fill('Note sous CSP');
  await page.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(page.getByTestId('timeline')).toContainText('Note sous CSP');
  expect(actions.length).toBeGreaterThan(0);
  for (const policy of actions) expectNoncePolicy(policy, 'server action');
});

test('Chromium reports no policy violation over a console session', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const id = await visitorWrites(request, { locale: 'de', startPage: '/de/services', content: `Guten Tag CSP ${randomBytes(3).toString('hex')}` });
  await openConsole(page);
  for (const view of CONSOLE_VIEWS) {
    await page.goto(view.href);
    await expect(page.locator('main')).toBeVisible();
  }
  // Soft navigations load their code through the nonced runtime ('strict-dynamic').
  await page.getByRole('link', { name: 'Conversations', exact: true }).click();
  await page.locator(`a[data-session-id="${id}"]`).click();
  await page.getByPlaceholder('Tapez votre réponse...').fill('Bonjour, je vous réponds.');
  await page.getByPlaceholder('Tapez votre réponse...').press('Enter');
  await expect(page.getByRole('log').getByText('Bonjour, je vous réponds.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('log').getByText('Bonjour, je vous réponds.')).toBeVisible();
  await page.goto('/admin/offline');
  await expect(page.locator('body')).toBeVisible();
  expect(violations).toEqual([]);
});
