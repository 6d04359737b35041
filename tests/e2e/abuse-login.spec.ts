import { execFileSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { expect, test } from './fixtures';
import { requirePostgres } from './servers';
import { HEAVY } from './heavy';

const FULL_FLOOD = process.env.HEAVY === 'full';
import { startServer, tempDataDir } from './server-process';

const OPERATOR = { email: 'guard@example.test', password: 'the-right-password-42' };
let clients = 0;
const newClient = () => `198.19.${Math.floor(++clients / 250)}.${clients % 250}`;

const login = async (base: string, client: string, password: string, email = OPERATOR.email) => {
  const started = Date.now();
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: string },
    ms: Date.now() - started,
    retryAfter: response.headers.get('retry-after'),
  };
};

/** A hash in the stored format with the former parameters (N=2^15). */
function oldHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

test("login: blocks a guessing client, alerts the agency, caps the strangers' hashes and upgrades old hashes", async ({ servers }) => {
  test.setTimeout(180_000);
  const database = requirePostgres('abuse_login');
  const sql = (query: string) => execFileSync('psql', [database.url, '-qtAc', query], { encoding: 'utf8' }).trim();
  const smtp = await startSmtpPeer();
  const server = await startServer(servers.port(0), {
    DATABASE_URL: database.url,
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_TO: 'agency@example.test',
  });
  try {
    // A hash with the former parameters is replaced at the next successful login.
    sql(`update operators set password_hash = '${oldHash(OPERATOR.password)}'`);
    const first = await login(server.url, newClient(), OPERATOR.password);
    expect(first.status).toBe(200);
    expect(sql('select password_hash from operators')).toMatch(/^scrypt\$65536\$8\$2\$/);

    // One client guessing: five failures, then blocked even with the right password.
    const attacker = newClient();
    for (let i = 0; i < 5; i += 1) expect((await login(server.url, attacker, `guess-${i}`)).status).toBe(401);
    const blocked = await login(server.url, attacker, OPERATOR.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(800);

    // The operator is alerted once the e-mail has 5 failures.
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(parseMail(smtp.mails[0]!.raw).text).toContain('5 tentatives de connexion ont échoué');

    // From another address the right password still works, without waiting.
    const office = await login(server.url, newClient(), OPERATOR.password);
    expect(office.status).toBe(200);
    // No penalty on the address itself: no slower than the first sign-in (which also re-hashed), whatever the machine's load.
    expect(office.ms).toBeLessThan(first.ms * 2 + 1000);

    // 40 strangers at once: their lane runs 1 hash, 16 wait, the rest are told to come back (503, never a crash).
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(server.url, newClient(), 'wrong', `nobody${i}@example.test`)));
    const busy = burst.filter((attempt) => attempt.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((attempt) => attempt.body.error === 'busy' && attempt.retryAfter === '2')).toBe(true);
    expect(burst.filter((attempt) => attempt.status === 401).length).toBeGreaterThanOrEqual(17);
    expect(burst.every((attempt) => attempt.status === 401 || attempt.status === 503)).toBe(true);
  } finally {
    await server.stop();
    await smtp.close();
    database.drop();
  }
});

/** The largest resident size among the server's processes (`next start` forks the server), in MB. */
function serverRssMb(pid: number): number {
  const tree = (parent: number): number[] => {
    const children = readdirSync(`/proc/${parent}/task`).flatMap((task) =>
      readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return [parent, ...children.flatMap(tree)];
  };
  return Math.max(
    ...tree(pid).map((member) => {
      try {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    }),
  );
}

/** Runs `tasks` with at most `width` at once. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

// The flood runs with `npm run test:heavy` only: its 2 s bound is for a machine running nothing else
// (1.0–1.3 s measured quiet; 1.4–1.6 s beside a clean-clone CI). What earlier runs read as "the
// server went away" was one dropped connection failing the whole flood; the server was up.
test(`login flood: ${HEAVY.loginFlood} guesses from ${HEAVY.loginFlood / 10} addresses and ${HEAVY.loginFlood} random e-mails from one client; the operator still signs in with password and code`, async ({
  page,
  servers,
}) => {
  test.skip(!FULL_FLOOD, 'the login flood runs with npm run test:heavy');
  test.setTimeout(240_000);
  const smtp = await startSmtpPeer();
  const server = await startServer(servers.port(1), {
    DATA_DIR: tempDataDir(),
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_TO: 'agency@example.test',
  });
  const serverPid = server.process.pid!;
  try {
    // The operator enrols an authenticator app, then signs in once with it: this browser is now one of the account's own.
    await page.goto(`${server.url}/admin/security`);
    await page.getByLabel('Adresse e-mail').fill(OPERATOR.email);
    await page.getByLabel('Mot de passe').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('button', { name: "Configurer une application d'authentification" }).click();
    const secret = Secret.fromBase32((await page.getByTestId('totp-key').innerText()).replace(/\s/g, ''));
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret });
    // Each 30-second step is accepted once, and at most one step away from the server's clock: a code
    // for a step not used yet, waiting for the clock when the next one is used already (taken before
    // the flood starts, so the wait is not part of the sign-in it times).
    let step = Math.floor(Date.now() / 30_000);
    const nextCode = async () => {
      while (step + 1 > Math.floor(Date.now() / 30_000) + 1) await new Promise((resolve) => setTimeout(resolve, 500));
      return totp.generate({ timestamp: ++step * 30_000 + 1 });
    };
    await page.getByLabel("Code affiché par l'application").fill(totp.generate({ timestamp: step * 30_000 + 1 }));
    await page.getByRole('button', { name: 'Activer', exact: true }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    const signIn = async (secondFactor: string) => {
      const started = Date.now();
      const password = await page.request.post(`${server.url}/api/admin/login`, {
        data: { email: OPERATOR.email, password: OPERATOR.password },
        headers: { 'x-forwarded-for': '192.0.2.10' },
      });
      expect(password.status()).toBe(200);
      expect(((await password.json()) as { next: string }).next).toBe('second_factor');
      const code = await page.request.post(`${server.url}/api/admin/login/code`, {
        data: { code: secondFactor },
        headers: { 'x-forwarded-for': '192.0.2.10' },
      });
      expect(code.status()).toBe(200);
      return Date.now() - started;
    };
    await signIn(await nextCode());

    // The flood: a crowd guessing the account, and one client cycling addresses that are no operator's.
    const addresses = HEAVY.loginFlood / 10;
    const crowd = Array.from({ length: HEAVY.loginFlood }, (_, i) => () => login(server.url, `198.18.0.${(i % addresses) + 1}`, `guess-${i}`));
    const random = Array.from(
      { length: HEAVY.loginFlood },
      (_, i) => () => login(server.url, '203.0.113.66', 'whatever-password', `random-${i}-${randomBytes(3).toString('hex')}@example.test`),
    );
    let peakMb = 0;
    const sampler = setInterval(() => {
      if (server.process.exitCode === null) peakMb = Math.max(peakMb, serverRssMb(serverPid));
    }, 200);
    // A connection the server drops under the flood is an answer too (counted as 0); the server must stay up.
    const tasks = crowd
      .flatMap((guess, i) => [guess, random[i]!])
      .map((task) => () => task().catch((error: Error) => ({ status: 0, cause: String((error.cause as Error | undefined)?.message ?? error.message) })));
    const codeDuringFlood = await nextCode();
    const flood = pool(tasks, 20);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const duringFlood = await signIn(codeDuringFlood);
    const results = await flood;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, serverRssMb(serverPid));
    const statuses = results.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
    console.log(`login flood: ${JSON.stringify(statuses)}; operator signed in in ${duringFlood} ms during it; server peak ${peakMb.toFixed(0)} MB`);

    expect(duringFlood).toBeLessThan(HEAVY.signInDuringFloodMs);
    // At most 20 guesses on the account and 20 from the one client reached a password check.
    expect(statuses[401] ?? 0).toBeLessThanOrEqual(40);
    expect((statuses[429] ?? 0) + (statuses[503] ?? 0)).toBeGreaterThanOrEqual(2 * HEAVY.loginFlood - 40);
    expect(peakMb).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.mails.length).toBeGreaterThanOrEqual(1);
    expect(smtp.mails.length).toBeLessThanOrEqual(3);
    // The owner was told once the account locked, and no mail names an address that is no operator's.
    expect(smtp.mails.some((mail) => parseMail(mail.raw).text.includes('les navigateurs inconnus attendent'))).toBe(true);
    expect(smtp.mails.every((mail) => !parseMail(mail.raw).text.includes('random-'))).toBe(true);
  } finally {
    // A server that went away says why in its output.
    if (server.process.exitCode !== null || process.env.DEBUG_FLOOD) console.log(server.output().slice(-6000));
    await server.stop();
    await smtp.close();
  }
});
