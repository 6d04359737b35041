import { execFileSync } from 'node:child_process';
import { startSmtpPeer } from '../support/peers';
import { expect, test } from './fixtures';
import { requirePostgres } from './servers';
import { createVisitor, startServer } from './server-process';

test('empty conversations are purged after a day; notifications stop at the hourly budget', async ({ servers }) => {
  test.setTimeout(180_000);
  const database = requirePostgres('abuse_retention');
  const sql = (query: string) => execFileSync('psql', [database.url, '-qtAc', query], { encoding: 'utf8' }).trim();
  const smtp = await startSmtpPeer();
  const env = { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_EMAIL_TO: 'agency@example.test', NOTIFY_HOURLY_BUDGET: '2' };
  const server = await startServer(servers.port(0), env);
  try {
    // Four new conversations, each notifying the operator: two mails, the rest wait for the digest.
    const visitors = [];
    for (let i = 0; i < 4; i += 1) visitors.push(await createVisitor(server.url));
    for (const visitor of visitors.slice(0, 3)) expect((await visitor.send('Bonjour')).status).toBe(201);
    // The third notification is refused (and logged as such) once the first two are sent.
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('over the hourly notification budget, left for the digest');
    await expect.poll(() => smtp.mails.length).toBe(2);

    // Visitor 4 never wrote: a day later its conversation goes, the others stay.
    sql(`update chat_sessions set created_at = now() - interval '25 hours'`);
    execFileSync('npm', ['run', '--silent', 'data:purge'], { env: { ...process.env, ...env }, stdio: 'pipe' });
    const left = sql('select id from chat_sessions order by id').split('\n');
    expect(left).toHaveLength(3);
    expect(left).not.toContain(visitors[3]!.id);
  } finally {
    await server.stop();
    await smtp.close();
    database.drop();
  }
});
