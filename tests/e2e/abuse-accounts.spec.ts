import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sealData } from 'iron-session';
import { expect, test } from './fixtures';
import { requirePostgres } from './servers';
import { startServer, startServerExpectingExit, tempDataDir } from './server-process';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const ALICE = { email: 'alice@example.test', password: 'alice-password-123' };
const BOB = { email: 'bob@example.test', password: ALICE.password };

test('data folder is private and a readable session secret stops the start', async ({ servers }) => {
  test.setTimeout(120_000);
  const dataDir = path.join(tempDataDir(), 'nested', 'data');
  const server = await startServer(servers.port(0), { DATA_DIR: dataDir });
  await server.stop();
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const secretFile = path.join(dataDir, 'session-secret');
  expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  chmodSync(secretFile, 0o640);
  const refused = await startServerExpectingExit(servers.port(0), { DATA_DIR: dataDir });
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain(`chmod 600 ${secretFile}`);
});

test('operator accounts: hashed session ids, __Host- cookie over HTTPS, disable and revoke-all commands', async ({ servers }) => {
  test.setTimeout(180_000);
  const database = requirePostgres('abuse_accounts');
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
    SITE_URL: 'https://www.example.test',
    OPERATOR_EMAIL: ALICE.email,
    OPERATOR_PASSWORD: ALICE.password,
  };
  // Not execFileSync: a command taking over 5 s would block the test past the server's keep-alive
  // timeout, and the next fetch would reuse a socket the server has closed ("other side closed").
  const cli = async (script: string, email: string) =>
    (await promisify(execFile)('npm', ['run', '--silent', script, '--', '--email', email], { env: { ...process.env, ...env }, encoding: 'utf8' })).stdout;
  const server = await startServer(servers.port(0), env);
  const login = async ({ email, password }: { email: string; password: string }) => {
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.200.${Math.floor(Math.random() * 250)}` },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, setCookie: response.headers.get('set-cookie') ?? '' };
  };
  const sessionsWith = (cookie: string) => fetch(`${server.url}/api/admin/sessions`, { headers: { cookie } }).then((response) => response.status);
  try {
    execFileSync('psql', [
      database.url,
      '-qc',
      `insert into operators (email, password_hash) select '${BOB.email}', password_hash from operators where email = '${ALICE.email}'`,
    ]);
    const alice = await login(ALICE);
    expect(alice.status).toBe(200);
    expect(alice.setCookie).toMatch(/^__Host-operator_session=/);
    expect(alice.setCookie).toMatch(/; Secure/i);
    expect(alice.setCookie).toMatch(/; Path=\//i);
    expect(alice.setCookie).not.toMatch(/Domain=/i);
    const aliceCookie = alice.setCookie.split(';')[0]!;
    expect(await sessionsWith(aliceCookie)).toBe(200);

    // A copy of the sessions table opens nothing: a cookie sealed around a stored id is refused.
    const stored = execFileSync('psql', [database.url, '-qtAc', 'select id from operator_sessions'], { encoding: 'utf8' }).trim();
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    const forged = await sealData({ sid: stored }, { password: SECRET });
    expect(await sessionsWith(`__Host-operator_session=${forged}`)).toBe(401);

    // Bob (given Alice's password hash) logs in twice; revoking all his sessions closes both, his password still works.
    const bobCookies = [(await login(BOB)).setCookie.split(';')[0]!, (await login(BOB)).setCookie.split(';')[0]!];
    for (const cookie of bobCookies) expect(await sessionsWith(cookie)).toBe(200);
    expect(await cli('operator:revoke-sessions', BOB.email)).toContain(`2 session(s) of ${BOB.email} revoked.`);
    for (const cookie of bobCookies) expect(await sessionsWith(cookie)).toBe(401);
    expect((await login(BOB)).status).toBe(200);

    // Disabling Alice closes her open session and refuses her right password.
    expect(await cli('operator:disable', ALICE.email)).toContain(`Operator ${ALICE.email} disabled; 1 session(s) revoked.`);
    expect(await sessionsWith(aliceCookie)).toBe(401);
    expect((await login(ALICE)).status).toBe(401);
  } finally {
    await server.stop();
    database.drop();
  }
});
