import { execFileSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { parseMail } from '../support/mime';
import { startSmtpPeer } from '../support/peers';
import { expect, test } from './fixtures';
import { requirePostgres } from './servers';
import { startServer } from './server-process';

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

test('login: blocks a guessing client, only slows the e-mail, alerts the operator, caps hashes and upgrades old hashes', async ({ servers }) => {
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
    expect((await login(server.url, newClient(), OPERATOR.password)).status).toBe(200);
    expect(sql('select password_hash from operators')).toMatch(/^scrypt\$131072\$8\$1\$/);

    // One client guessing: five failures, then blocked even with the right password.
    const attacker = newClient();
    for (let i = 0; i < 5; i += 1) expect((await login(server.url, attacker, `guess-${i}`)).status).toBe(401);
    const blocked = await login(server.url, attacker, OPERATOR.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(800);

    // The operator is alerted once the e-mail has 5 failures.
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(parseMail(smtp.mails[0]!.raw).text).toContain('5 tentatives de connexion ont échoué');

    // From another address the right password still works, after a delay.
    const office = await login(server.url, newClient(), OPERATOR.password);
    expect(office.status).toBe(200);
    expect(office.ms).toBeGreaterThanOrEqual(1000);

    // Guesses spread over many forged addresses: each one waits longer than the last.
    const spread = [];
    for (let i = 0; i < 3; i += 1) spread.push(await login(server.url, newClient(), `spread-${i}`));
    expect(spread.map((attempt) => attempt.status)).toEqual([401, 401, 401]);
    expect(spread[0]!.ms).toBeGreaterThanOrEqual(1000);
    expect(spread[1]!.ms).toBeGreaterThanOrEqual(2000);
    expect(spread[2]!.ms).toBeGreaterThanOrEqual(4000);
    const stillIn = await login(server.url, newClient(), OPERATOR.password);
    expect(stillIn.status).toBe(200);
    expect(stillIn.ms).toBeGreaterThanOrEqual(8000);

    // 40 logins at once: 2 hashes run, 16 wait, the rest are told to come back (503, never a crash).
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(server.url, newClient(), 'wrong', `nobody${i}@example.test`)));
    const busy = burst.filter((attempt) => attempt.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((attempt) => attempt.body.error === 'busy' && attempt.retryAfter === '2')).toBe(true);
    expect(burst.filter((attempt) => attempt.status === 401).length).toBeGreaterThanOrEqual(18);
    expect(burst.every((attempt) => attempt.status === 401 || attempt.status === 503)).toBe(true);
  } finally {
    await server.stop();
    await smtp.close();
    database.drop();
  }
});
