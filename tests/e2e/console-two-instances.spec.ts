import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { parseMail } from '../support/mime';
import { openConsole } from './console-login';
import { axeViolations, expect, test } from './fixtures';
import { OPERATOR_ENV, requirePostgres, SHARED_SECRET, type ServerPool } from './servers';
import { createVisitor, startServer, type NextServer } from './server-process';

const tag = () => randomBytes(4).toString('hex');
const psql = (url: string, query: string) => execFileSync('psql', [url, '-qtAc', query], { encoding: 'utf8' }).trim();

const personButton = (page: Page, key: string) => page.locator(`a[data-person-key="${key}"]`);
async function showView(page: Page, name: string) {
  const link = page.getByRole('navigation', { name: 'Filtrer les personnes' }).getByRole('link', { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}

test('a conversation resolved or snoozed on instance A reopens in its console when the visitor writes through B, and when the snooze ends', async ({
  page,
  servers,
}) => {
  test.setTimeout(90_000);
  const { a, b, databaseUrl } = await servers.postgres();
  const visitor = await createVisitor(b.url, 'es');
  expect((await visitor.send(`Hola, queremos mudarnos ${tag()}`)).status).toBe(201);

  await openConsole(page, a.url);
  // The person's key (their id): a key of links made before people were stored lands on the person's address.
  await page.goto(`${a.url}/admin/people/${encodeURIComponent(`chat:${visitor.id}`)}`);
  await expect(page).toHaveURL(/\/admin\/people\/\d+$/);
  const key = /\/admin\/people\/(\d+)/.exec(page.url())![1]!;
  await page.goto(`${a.url}/admin/conversations`);
  await page.getByRole('link', { name: 'Personnes', exact: true }).click();
  await expect(personButton(page, key)).toContainText('Visiteur · Espagnol · arrivé sur /es');
  await personButton(page, key).click();
  await page.getByRole('button', { name: 'Marquer résolue' }).click();
  await expect(page.getByTestId('conversation-status')).toHaveText('Résolue');
  await expect(personButton(page, key)).toHaveCount(0);

  // The visitor writes through instance B: A's open list shows the conversation again by itself.
  expect((await visitor.send('Una pregunta más')).status).toBe(201);
  await expect(personButton(page, key)).toBeVisible();
  await expect(personButton(page, key)).toContainText('Una pregunta más');
  expect(await axeViolations(page)).toEqual([]);

  await personButton(page, key).click();
  await page.getByRole('button', { name: 'Pause jusqu’à demain 9\u00a0h' }).click();
  await expect(page.getByTestId('conversation-status')).toContainText('En pause jusqu');
  await expect(personButton(page, key)).toHaveCount(0);

  // The snooze now ends in a few seconds: once the console has read the list, it comes back by itself at that time.
  psql(databaseUrl, `update chat_sessions set snoozed_until = now() + interval '5 seconds' where id = '${visitor.id}'`);
  await showView(page, 'En pause');
  await showView(page, 'Ouvertes');
  await expect(personButton(page, key)).toBeVisible({ timeout: 20_000 });
  expect(psql(databaseUrl, `select status from chat_sessions where id = '${visitor.id}'`)).toBe('snoozed');

  // The pair has OFFICE_HOURS: the dashboard counts the wait for a first answer within them.
  await page.getByRole('link', { name: 'Tableau de bord', exact: true }).click();
  await expect(page.getByTestId('dashboard-note-answer')).toHaveText("Compté dans les heures d'ouverture (nuits, week-ends et jours fériés exclus)");
  await expect(page.getByRole('table', { name: /^Délai médian de première réponse/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/** Two instances on one database, sending their digests to `inbox` on the worker's SMTP listener, due since midnight. */
async function digestPair(servers: ServerPool, slots: [number, number], databaseUrl: string, inbox: string) {
  const smtp = await servers.smtp();
  const env = {
    DATABASE_URL: databaseUrl,
    ...OPERATOR_ENV,
    SESSION_SECRET: SHARED_SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL_FROM: 'site@example.test',
    NOTIFY_EMAIL_TO: inbox,
    DIGEST_TIME: '00:00',
  };
  return slots.map((slot) => startServer(servers.port(slot), env));
}

test('two instances on one PostgreSQL send the morning digest once, with the follow-ups due and the waiting conversations; nothing when empty', async ({
  page,
  servers,
}) => {
  test.setTimeout(150_000);
  const id = tag();
  const full = requirePostgres('digest_full');
  const empty = requirePostgres('digest_empty');
  const [inbox, quietInbox] = [`equipe-${id}@example.test`, `calme-${id}@example.test`];
  const started: NextServer[] = [];
  try {
    // The morning's state, written before the instances start (their first check comes 15 s after).
    execFileSync('npm', ['run', '--silent', 'db:migrate'], { env: { ...process.env, DATABASE_URL: full.url }, stdio: 'pipe' });
    psql(
      full.url,
      // waiting_since as saveMessage keeps it: set while the visitor's message is unanswered.
      // Each row with its person, as the site writes them (lib/identity/people.ts).
      `with waiting as (insert into people (email) values (null) returning id), answered as (insert into people (email) values (null) returning id)
      insert into chat_sessions (id, token_hash, locale, start_page, last_message_at, created_at, waiting_since, person_id) values
        ('session_1_waiting${id}', '${'a'.repeat(64)}', 'de', '/de/visa-finder', now() - interval '2 hours', now() - interval '2 hours', now() - interval '2 hours', (select id from waiting)),
        ('session_1_answered${id}', '${'b'.repeat(64)}', 'fr', '/fr', now() - interval '1 hour', now() - interval '3 hours', null, (select id from answered));
      insert into messages (session_id, sender, content, created_at) values
        ('session_1_waiting${id}', 'visitor', 'Wie lange dauert <das> Visum?', now() - interval '2 hours'),
        ('session_1_answered${id}', 'visitor', 'Bonjour', now() - interval '3 hours'),
        ('session_1_answered${id}', 'operator', 'Réponse déjà donnée', now() - interval '1 hour');
      with claire as (insert into people (email) values ('claire.${id}@example.com') returning id),
        lead as (insert into leads (source, name, email, message, locale, consent_at, person_id)
          select 'contact', 'Claire Martin ${id}', 'claire.${id}@example.com', 'Une école à Curepipe ?', 'fr', now(), id from claire returning person_id)
      insert into person_records (key, person_id, follow_up_at, follow_up_reason) select 'person:' || person_id, person_id, now() - interval '1 hour', 'Envoyer le devis' from lead;`,
    );
    const starting = [...(await digestPair(servers, [0, 1], full.url, inbox)), ...(await digestPair(servers, [2, 3], empty.url, quietInbox))];
    for (const result of await Promise.allSettled(starting)) if (result.status === 'fulfilled') started.push(result.value);
    expect(started).toHaveLength(4);
    const smtp = await servers.smtp();
    const received = () => smtp.mails.filter((mail) => mail.rcptTo.includes(inbox));
    await expect.poll(() => received().length, { timeout: 45_000 }).toBe(1);
    // Each instance has checked by now (15 s after its start); the day is claimed once in each database.
    await expect.poll(() => started.filter((server) => /\[digest\] (sent|nothing to send today)/.test(server.output())).length, { timeout: 20_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received()).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.rcptTo.includes(quietInbox))).toHaveLength(0);
    for (const url of [full.url, empty.url]) expect(psql(url, `select count(*) from job_claims where job = 'operator_digest'`)).toBe('1');
    expect(started[3]!.output() + started[2]!.output()).toContain('[digest] nothing to send today');

    const mail = parseMail(received()[0]!.raw);
    expect(mail.headers.get('subject')).toContain('1 relance(s), 1 conversation(s) en attente');
    expect(mail.text).toContain(`Claire Martin ${id} : Envoyer le devis`);
    expect(mail.text).toContain('Visiteur · Allemand · arrivé sur /de/visa-finder : « Wie lange dauert <das> Visum? »');
    expect(mail.text).not.toContain('Réponse déjà donnée');
    // The HTML part, as a mail client shows it: the visitor's text escaped, a link to the console.
    await page.setContent(`<!doctype html><html lang="fr"><head><title>Digest</title></head><body>${mail.html}</body></html>`);
    await expect(page.getByRole('heading', { name: "À relancer aujourd'hui (1)" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Conversations en attente de réponse (1)' })).toBeVisible();
    await expect(page.getByText('« Wie lange dauert <das> Visum? »', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ouvrir la console' })).toHaveAttribute('href', /\/admin\/conversations$/);
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    full.drop();
    empty.drop();
  }
});
