import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { E2E_OPERATOR } from '../../playwright.config';
import { closedPort, startSmtpPeer } from '../support/peers';
import { clientAddress } from './console-visitor';
import { expect, test } from './fixtures';
import { startServer } from './server-process';
import { OPERATOR_ENV, requirePostgres } from './servers';

// The journal outlives retention and erasure: whatever fails, the server's output keeps no value a
// visitor or an operator wrote (lib/log/describe-error.ts). A server of its own on a fresh
// PostgreSQL database, whose mail server refuses every recipient and whose webhook finds nobody;
// then a trigger refuses every insert into the tables the four write paths fill.
const REFUSED_TABLES = ['leads', 'messages', 'operator_sessions', 'person_events'];

test('no written value reaches the server output when a write, a mail or a webhook fails', async ({ page, servers }) => {
  test.setTimeout(120_000);
  const database = requirePostgres('logs');
  const smtp = await startSmtpPeer({ rejectRecipients: true });
  const server = await startServer(servers.port(0), {
    DATABASE_URL: database.url,
    ...OPERATOR_ENV,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_TO: 'equipe.agence@example.test',
    NOTIFY_EMAIL_FROM: 'site@example.test',
    NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${await closedPort()}/hook`,
  });
  const psql = (query: string) => execFileSync('psql', [database.url, '-qtAc', query], { encoding: 'utf8' });
  const id = randomBytes(4).toString('hex');
  const written = {
    saved: {
      name: `Aurélie Saved${id}`,
      email: `aurelie.${id}@exemple.org`,
      phone: `+230 5${100 + Math.floor(Math.random() * 900)} 4411`,
      message: `Dossier saved-${id}`,
    },
    refused: { name: `Bastien Refused${id}`, email: `bastien.${id}@exemple.org`, phone: '+33 6 98 76 54 32', message: `Dossier refused-${id}` },
    chat: `Mon passeport numéro chat-${id}`,
    chatRefused: `Deuxième message refused-chat-${id}`,
    note: `Note confidentielle note-${id}`,
    password: `wrong-password-${id}`,
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(), ...headers },
      body: JSON.stringify(body),
    });
  try {
    // Saved, then refused by the mail server and the webhook: the notifications' failures are logged.
    expect((await post('/api/leads', { ...written.saved, consent: true, locale: 'fr' })).status).toBe(201);
    const created = await post('/api/chat/sessions', { locale: 'fr', startPage: '/fr/contact' });
    const visitor = (await created.json()) as { id: string; token: string };
    const asVisitor = { authorization: `Bearer ${visitor.token}` };
    expect((await post(`/api/chat/sessions/${visitor.id}/messages`, { content: written.chat }, asVisitor)).status).toBe(201);
    await expect.poll(() => server.output().match(/\[notify\] (e-mail|webhook) for .* failed/g)?.length ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);

    const login = await post('/api/admin/login', E2E_OPERATOR);
    expect(login.status).toBe(200);
    const [cookie] = login.headers.getSetCookie().map((set) => set.split(';')[0]!);
    const [name, ...value] = cookie!.split('=');
    await page.context().addCookies([{ name: name!, value: value.join('='), url: server.url }]);
    await page.goto(`${server.url}/admin/people/${encodeURIComponent(`chat:${visitor.id}`)}`);
    await expect(page.getByLabel('Note privée')).toBeVisible();

    psql(`create function refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = 'check_violation', table = TG_TABLE_NAME, constraint = 'log_probe'; end $$`);
    for (const table of REFUSED_TABLES) psql(`create trigger log_probe before insert on ${table} for each row execute function refuse_insert()`);

    expect((await post('/api/leads', { ...written.refused, consent: true, locale: 'fr' })).status).toBe(503);
    expect((await post(`/api/chat/sessions/${visitor.id}/messages`, { content: written.chatRefused }, asVisitor)).status).toBe(503);
    expect((await post('/api/admin/login', E2E_OPERATOR)).status).toBe(503);
    expect((await post('/api/admin/login', { email: E2E_OPERATOR.email, password: written.password })).status).toBe(401);
    await page.getByLabel('Note privée').fill(written.note);
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByText("Impossible d'enregistrer la modification.").first()).toBeVisible();

    for (const table of REFUSED_TABLES) {
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain(`database error 23514 table=${table} constraint=log_probe`);
    }
    const output = server.output();
    const values = [
      ...Object.values(written.saved),
      ...Object.values(written.refused),
      written.chat,
      written.chatRefused,
      written.note,
      written.password,
      E2E_OPERATOR.password,
      'equipe.agence@example.test',
      `saved-${id}`,
      `refused-${id}`,
      `note-${id}`,
    ];
    expect(values.filter((value) => output.includes(value))).toEqual([]);
    expect(output).not.toMatch(/params:|Failed query/);
  } finally {
    await server.stop();
    await smtp.close();
    database.drop();
  }
});
