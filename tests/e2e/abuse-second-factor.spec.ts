import { execFileSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { parseMail } from '../support/mime';
import { expect, test } from './fixtures';
import { startPushService } from './push-service';
import { PAIR_VAPID } from './servers';

// Whoever has an operator's password tries to out-guess the second factor: signing in again from
// new addresses, on both instances of the `postgres` pair, codes in parallel. Each test has an
// operator of its own (the suite's shared one must never lock), made straight in the database.

/** A password hash in the stored format (lib/auth/password.ts), so no command has to run. */
function passwordHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 2 ** 16, r: 8, p: 2, maxmem: 256 * 2 ** 16 * 8 * 2 });
  return ['scrypt', 2 ** 16, 8, 2, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let clients = 0;
/** A client address no other test uses (TRUSTED_PROXY_HOPS=1: the server counts what X-Forwarded-For says). */
const newClient = () => `198.18.${(++clients >> 8) & 255}.${clients & 255}`;

type Answer = { status: number; error?: string; retryAfter: string | null; cookie?: string };

async function post(base: string, path: string, body: unknown, { client, cookie }: { client: string; cookie?: string }): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { error?: string };
  const set = response.headers.getSetCookie().find((line) => line.startsWith('operator_session='));
  return { status: response.status, error: json.error, retryAfter: response.headers.get('retry-after'), cookie: set?.split(';')[0] };
}

/** An operator of the test's own with an authenticator app, enrolled in the console as anyone would: its key. */
async function operatorWithApp(page: Page, base: string, sql: (query: string) => string, email: string, password: string) {
  sql(`insert into operators (email, password_hash) values ('${email}', '${passwordHash(password)}')`);
  await page.goto(`${base}/admin/security`);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: "Configurer une application d'authentification" }).click();
  const secret = Secret.fromBase32((await page.getByTestId('totp-key').innerText()).replace(/\s/g, ''));
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret });
  await page.getByLabel("Code affiché par l'application").fill(totp.generate());
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: "J'ai noté mes codes" }).click();
  return totp;
}

/** A code of the app that is surely not the current one (nor the step before or after). */
const wrongCode = (totp: TOTP, i: number) => {
  const valid = new Set([-30_000, 0, 30_000].map((delta) => totp.generate({ timestamp: Date.now() + delta })));
  let code = String((123_457 * (i + 1)) % 1_000_000).padStart(6, '0');
  while (valid.has(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  return code;
};

test('a right password with 30 wrong codes from 30 addresses on two instances: 10 judged, then refused, the owner mailed and pushed', async ({
  page,
  servers,
}) => {
  test.setTimeout(180_000);
  const { a, b, databaseUrl } = await servers.postgres();
  const smtp = await servers.smtp();
  const sql = (query: string) => execFileSync('psql', [databaseUrl, '-qtAc', query], { encoding: 'utf8' }).trim();
  const email = `flood-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'the-flooded-password-2026';
  const totp = await operatorWithApp(page, a.url, sql, email, password);

  // The owner's phone, subscribed to pushes from the enrolled session.
  const service = await startPushService({ vapidPublicKey: PAIR_VAPID.publicKey });
  try {
    const phone = service.subscribe();
    const subscribed = await page.request.post(`${a.url}/api/admin/push/devices`, {
      data: { subscription: phone.json },
      headers: { 'x-forwarded-for': newClient() },
    });
    expect(subscribed.status()).toBe(201);

    const started = Date.now();
    const rounds: { login: Answer; code?: Answer }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const base = i % 2 ? b.url : a.url;
      const client = newClient();
      const login = await post(base, '/api/admin/login', { email, password }, { client });
      const round: (typeof rounds)[number] = { login };
      if (login.status === 200) round.code = await post(base, '/api/admin/login/code', { code: wrongCode(totp, i) }, { client, cookie: login.cookie });
      rounds.push(round);
    }
    const floodMs = Date.now() - started;
    const judged = rounds.filter((round) => round.code?.status === 401);
    const throttled = rounds.filter((round) => round.code?.status === 429);
    const loginsRefused = rounds.filter((round) => round.login.status === 429);
    console.log(
      `second-factor flood: ${judged.length} codes judged, ${throttled.length} refused for the account (429 factor_throttled), ` +
        `${loginsRefused.length} sign-ins refused (429: the right passwords still counted), in ${floodMs} ms`,
    );
    // Ten codes judged in all, whichever instance and address; the rest refused without a look.
    expect(judged).toHaveLength(10);
    expect(judged.every((round) => round.code?.error === 'invalid_code')).toBe(true);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((round) => round.code?.error === 'factor_throttled' && Number(round.code.retryAfter) > 60)).toBe(true);
    // A right password that never gave its factor counts as a failure: past 20 the password step is refused too.
    expect(rounds.filter((round) => round.login.status === 200)).toHaveLength(20);
    expect(loginsRefused.every((round) => round.login.error === 'rate_limited')).toBe(true);
    expect(rounds.every((round) => [200, 429].includes(round.login.status))).toBe(true);

    // The right code, on a half-open session from the flood, is refused while the account is locked.
    const halfOpen = rounds.find((round) => round.code?.status === 429)!;
    const right = await post(
      b.url,
      '/api/admin/login/code',
      { code: totp.generate({ timestamp: Date.now() + 30_000 }) },
      { client: newClient(), cookie: halfOpen.login.cookie },
    );
    expect(right).toMatchObject({ status: 429, error: 'factor_throttled' });
    // The login page says so in French, to whoever holds that session.
    const cookie = halfOpen.login.cookie!;
    await page.context().clearCookies();
    await page.context().addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: b.url }]);
    await page.goto(`${b.url}/admin`);
    await page.getByLabel('Code de vérification').fill(totp.generate());
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByText('Trop de codes incorrects ont été saisis pour ce compte')).toBeVisible();

    // The owner and the agency are told by e-mail, the owner's phone by push.
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.rcptTo.includes(email) && parseMail(mail.raw).text.includes('codes de vérification incorrects')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = parseMail(
      smtp.mails.find((candidate) => candidate.rcptTo.includes(email) && parseMail(candidate.raw).text.includes('codes de vérification incorrects'))!.raw,
    );
    expect(mail.headers.get('subject')).toContain('second facteur suspendu');
    expect(mail.text).toContain('10 codes de vérification incorrects');
    expect(mail.text).toContain('/admin/security');
    await expect.poll(() => service.received((delivery) => delivery.payload.tag.startsWith('security:factor-locked:')).length, { timeout: 15_000 }).toBe(1);
    expect(service.received((delivery) => delivery.payload.tag.startsWith('security:factor-locked:'))[0]!.payload).toMatchObject({
      title: 'Second facteur suspendu',
      url: '/admin/security',
    });

    // The journal names the lock.
    expect(Number(sql(`select count(*) from audit_log where action = 'factor_locked' and operator_email = '${email}'`))).toBe(1);
  } finally {
    await service.close();
  }
});

test('codes sent in parallel on half-open sessions of both instances: five per session and ten per account are judged, no more', async ({ page, servers }) => {
  test.setTimeout(120_000);
  const { a, b, databaseUrl } = await servers.postgres();
  const sql = (query: string) => execFileSync('psql', [databaseUrl, '-qtAc', query], { encoding: 'utf8' }).trim();
  const email = `parallel-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'the-parallel-password-2026';
  const totp = await operatorWithApp(page, b.url, sql, email, password);

  const sessions = await Promise.all(
    [a.url, b.url, a.url].map(async (base) => {
      const client = newClient();
      const login = await post(base, '/api/admin/login', { email, password }, { client });
      expect(login.status).toBe(200);
      return { base, client, cookie: login.cookie! };
    }),
  );
  const answers = await Promise.all(
    sessions.flatMap((session, s) =>
      Array.from({ length: 8 }, (_, i) =>
        post(session.base, '/api/admin/login/code', { code: wrongCode(totp, s * 8 + i) }, session).then((answer) => ({ s, ...answer })),
      ),
    ),
  );
  const judged = answers.filter((answer) => answer.error === 'invalid_code');
  const byCode = answers.reduce<Record<string, number>>(
    (counts, answer) => ({ ...counts, [answer.error ?? 'ok']: (counts[answer.error ?? 'ok'] ?? 0) + 1 }),
    {},
  );
  console.log(`parallel codes: ${answers.length} sent at once on 3 sessions, ${judged.length} judged, ${JSON.stringify(byCode)}`);
  // Counted before judged: never more than the account's ten, nor five on one session, however they race.
  expect(judged.length).toBeGreaterThan(0);
  expect(judged.length).toBeLessThanOrEqual(10);
  for (const s of [0, 1, 2]) expect(judged.filter((answer) => answer.s === s).length).toBeLessThanOrEqual(5);
  expect(answers.every((answer) => ['invalid_code', 'factor_locked', 'factor_throttled'].includes(answer.error ?? ''))).toBe(true);
});
