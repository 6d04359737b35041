import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const listRoute = await import('@/app/api/admin/people/route');
const personRoute = await import('@/app/api/admin/people/[key]/route');
const notesRoute = await import('@/app/api/admin/people/[key]/notes/route');
const mergeRoute = await import('@/app/api/admin/people/[key]/merge/route');
const statusRoute = await import('@/app/api/admin/sessions/[id]/status/route');
const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');

const BASE = 'http://localhost/api/admin';
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const keyParams = (key: string) => ({ params: Promise.resolve({ key }) });
const list = async (view = 'open') =>
  (await (await listRoute.GET(new Request(`${BASE}/people?view=${view}`), { params: Promise.resolve({}) })).json()) as { people: Person[] };
const detail = async (key: string) => (await personRoute.GET(new Request(`${BASE}/people/x`), keyParams(key))).json();
const patchPerson = (key: string, body: unknown) => personRoute.PATCH(new Request(`${BASE}/people/x`, json('PATCH', body)), keyParams(key));
const setStatus = (id: string, body: unknown) =>
  statusRoute.PATCH(new Request(`${BASE}/sessions/x/status`, json('PATCH', body)), { params: Promise.resolve({ id }) });

type Person = {
  key: string;
  label: string;
  status: string | null;
  stage: string;
  waitingSince: string | null;
  sources: string[];
  conversations: { sessionId: string; status: string }[];
  followUpAt: string | null;
};

async function chat(locale: string, page: string, text: string) {
  const session = await createChatSession({ locale, startPage: page });
  await saveMessage({ sessionId: session.id, sender: 'visitor', content: text });
  return session.id;
}

const lead = (
  email: string,
  source: 'contact' | 'visa' = 'contact',
  details: unknown = null,
  { name = 'Claire Martin', chatSessionId }: { name?: string; chatSessionId?: string } = {},
) =>
  saveLead({
    source,
    name,
    email,
    phone: '+230 5 123 4567',
    message: 'Nous voulons nous installer.',
    locale: 'fr',
    details,
    consentAt: new Date(),
    chatSessionId,
  });

/** The key of a conversation's person (their id). */
const personOf = async (sessionId: string) =>
  String((await query<{ person_id: number | string }>('select person_id from chat_sessions where id = $1', [sessionId]))[0]?.person_id);

describe('people in the console', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('keeps a visitor’s requests, visa results and conversations as one person, and names visitors without one', async () => {
    const linked = await chat('fr', '/fr/contact', 'Bonjour, ma demande ?');
    // The browser that sends the forms proves it owns the conversation: the same visitor.
    const request = await lead('claire@example.com', 'contact', null, { chatSessionId: linked });
    await linkChatSessionToEmail({ sessionId: linked, email: 'claire@example.com' });
    await lead('claire@example.com', 'visa', { answers: { nationality: 'france' }, recommended: 'occupation_permit' }, { chatSessionId: linked });
    const anonymous = await chat('de', '/de/visa-finder', 'Hallo');
    const people = (await list('all')).people;
    const claire = people.find((p) => p.key === String(request.personId));
    expect(claire).toMatchObject({ label: 'Claire Martin', status: 'open' });
    expect(claire?.sources.sort()).toEqual(['chat', 'contact', 'visa']);
    const anonymousKey = await personOf(anonymous);
    expect(people.find((p) => p.key === anonymousKey)?.label).toBe('Visiteur · Allemand · arrivé sur /de/visa-finder');
    const timeline = (await detail(String(request.personId))).timeline as { kind: string; recommended?: string }[];
    expect(timeline.map((e) => e.kind).sort()).toEqual(['message', 'request', 'visa']);
    expect(timeline.find((e) => e.kind === 'visa')?.recommended).toBeTruthy();
    // Keys of links made before people were stored still open the same person.
    expect((await detail(`chat:${linked}`)).person.key).toBe(String(request.personId));
    expect((await detail('email:claire@example.com')).person.key).toBe(String(request.personId));
  });

  it('keeps an address typed by someone else apart, unverified, with the merge offered', async () => {
    const client = await lead('client.claire@example.com', 'contact', null, { name: 'Claire Martin' });
    const typed = await lead('client.claire@example.com', 'contact', null, { name: 'Mallory' });
    expect(typed.personId).not.toBe(client.personId);
    const { person, sameAddress } = await detail(String(typed.personId));
    expect(person).toMatchObject({ label: 'Mallory', email: 'client.claire@example.com', emailVerified: false });
    expect(sameAddress).toEqual([{ key: String(client.personId), label: 'Claire Martin' }]);
    const listed = (await list('all')).people.find((p) => p.key === String(typed.personId));
    expect(listed?.label).toBe('Mallory');
    // The operator merges them in one click: one person, named as the client.
    const merged = await mergeRoute.POST(
      new Request(`${BASE}/people/x/merge`, json('POST', { into: String(client.personId) })),
      keyParams(String(typed.personId)),
    );
    expect(merged.status).toBe(200);
    expect((await detail(String(typed.personId))).person).toMatchObject({ key: String(client.personId), label: 'Claire Martin' });
  });

  it('lists open conversations oldest waiting first, and an answer ends the wait', async () => {
    await query('delete from chat_sessions');
    const older = await chat('en', '/en', 'First');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await chat('it', '/it', 'Second');
    const [olderKey, newerKey] = [await personOf(older), await personOf(newer)];
    expect((await list()).people.filter((p) => p.conversations.length).map((p) => p.key)).toEqual([olderKey, newerKey]);
    await saveMessage({ sessionId: older, sender: 'operator', content: 'Hello!' });
    const [first] = (await list()).people;
    expect(first?.key).toBe(newerKey);
    expect((await list()).people.find((p) => p.key === olderKey)?.waitingSince).toBeNull();
  });

  it('resolves and snoozes conversations, which reopen when the visitor writes or the time comes', async () => {
    const id = await chat('fr', '/fr', 'Une question');
    const key = await personOf(id);
    expect((await setStatus(id, { status: 'resolved' })).status).toBe(200);
    expect((await list('resolved')).people.map((p) => p.key)).toContain(key);
    await saveMessage({ sessionId: id, sender: 'visitor', content: 'Encore moi' });
    expect((await list()).people.map((p) => p.key)).toContain(key);
    expect((await setStatus(id, { status: 'snoozed', preset: 'tomorrow' })).status).toBe(200);
    expect((await list('snoozed')).people.map((p) => p.key)).toContain(key);
    expect((await list()).people.map((p) => p.key)).not.toContain(key);
    // The time comes: compared with now() when read, whichever instance reads.
    await query(`update chat_sessions set snoozed_until = now() - interval '1 minute' where id = $1`, [id]);
    expect((await list()).people.map((p) => p.key)).toContain(key);
    expect((await setStatus(id, { status: 'snoozed', preset: 'date', date: '2000-01-01' })).status).toBe(400);
    expect((await setStatus('session_0_missing', { status: 'resolved' })).status).toBe(404);
  });

  it('keeps stage changes, notes and follow-ups with their operator, and lists follow-ups due', async () => {
    const id = await chat('es', '/es/servicios', 'Hola');
    const key = `chat:${id}`;
    expect((await patchPerson(key, { stage: 'lost' })).status).toBe(400);
    expect((await patchPerson(key, { stage: 'consultation' })).status).toBe(200);
    expect((await patchPerson(key, { stage: 'lost', lostReason: 'Budget' })).status).toBe(200);
    const note = await notesRoute.POST(new Request(`${BASE}/people/x/notes`, json('POST', { body: 'Rappeler après 14 h' })), keyParams(key));
    expect(note.status).toBe(201);
    expect((await patchPerson(key, { date: '2020-01-02', reason: 'Devis' })).status).toBe(200);
    const { person, timeline } = await detail(key);
    expect(person).toMatchObject({ stage: 'lost', lostReason: 'Budget', followUpReason: 'Devis' });
    expect(timeline.filter((e: { kind: string }) => e.kind !== 'message')).toMatchObject([
      { kind: 'stage', stage: 'consultation', operator: 'op@example.com' },
      { kind: 'stage', stage: 'lost', text: 'Budget' },
      { kind: 'note', text: 'Rappeler après 14 h' },
      { kind: 'follow_up' },
    ]);
    expect((await list('follow_up')).people.map((p) => p.key)).toEqual([await personOf(id)]);
  });

  it('merges two records in one action and undoes it', async () => {
    const id = await chat('fr', '/fr/contact', 'Je suis Paul');
    const paulKey = String((await lead('paul@example.com')).personId);
    const visitorKey = await personOf(id);
    const merged = await mergeRoute.POST(new Request(`${BASE}/people/x/merge`, json('POST', { into: 'email:paul@example.com' })), keyParams(`chat:${id}`));
    expect(merged.status).toBe(200);
    const paul = (await list('all')).people.find((p) => p.key === paulKey);
    expect(paul?.conversations.map((c) => c.sessionId)).toEqual([id]);
    expect((await list('all')).people.find((p) => p.key === visitorKey)).toBeUndefined();
    expect(
      (await mergeRoute.POST(new Request(`${BASE}/people/x/merge`, json('POST', { into: 'email:paul@example.com' })), keyParams(`chat:${id}`))).status,
    ).toBe(409);
    expect((await mergeRoute.DELETE(new Request(`${BASE}/people/x/merge`, { method: 'DELETE' }), keyParams(`chat:${id}`))).status).toBe(200);
    expect((await list('all')).people.find((p) => p.key === visitorKey)?.conversations).toHaveLength(1);
    const events = (await detail(paulKey)).timeline.map((e: { kind: string }) => e.kind);
    expect(events).toEqual(expect.arrayContaining(['merge', 'unmerge']));
  });

  it('refuses unknown keys and bad bodies', async () => {
    expect((await personRoute.GET(new Request(`${BASE}/people/x`), keyParams('email:nobody@example.com'))).status).toBe(404);
    expect((await personRoute.GET(new Request(`${BASE}/people/x`), keyParams('../etc'))).status).toBe(404);
    expect((await patchPerson('email:nobody@example.com', { stage: 'client' })).status).toBe(404);
    expect((await listRoute.GET(new Request(`${BASE}/people?view=nope`), { params: Promise.resolve({}) })).status).toBe(400);
  });
});

describe('people CSV export', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('exports the people of the list view, stage and source included, as UTF-8 with BOM', async () => {
    const exportRoute = await import('@/app/api/admin/people/export/route');
    await saveLead({
      source: 'contact',
      name: '=cmd|calc',
      email: 'zoe@example.com',
      phone: null,
      message: 'Bonjour',
      locale: 'de',
      details: null,
      consentAt: new Date(),
    });
    const waiting = await chat('it', '/it/blog', 'Ciao');
    const response = await exportRoute.GET(new Request(`${BASE}/people/export?view=open`), { params: Promise.resolve({}) });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="personnes-open-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Nom,E-mail,Téléphone,Étape,Raison de la perte,Origine,Langue,Arrivée sur,Premier contact,Dernière activité,Date de relance,Motif de la relance',
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect(lines[1]).toContain('Visiteur · Italien · arrivé sur /it/blog');
    expect(lines[1]).toContain(',Nouveau,,Chat,it,/it/blog,');
    expect(waiting).toBeTruthy();
    const all = await (await exportRoute.GET(new Request(`${BASE}/people/export?view=all`), { params: Promise.resolve({}) })).text();
    expect(all).toContain("'=cmd|calc,zoe@example.com");
  });
});

describe('console search', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('finds people, messages, requests and notes without accents or case, grouped by person and highlighted', async () => {
    const searchRoute = await import('@/app/api/admin/search/route');
    const { addNote } = await import('@/lib/people/record-queries');
    const search = async (q: string) =>
      (await (await searchRoute.GET(new Request(`${BASE}/search?q=${encodeURIComponent(q)}`), { params: Promise.resolve({}) })).json()) as {
        results: { key: string; label: string; hits: { kind: string; text: { text: string; match: boolean }[] }[] }[];
      };
    const id = await chat('fr', '/fr/blog', 'Nous arrivons de La Réunion en mars');
    const family = String((await lead('reunion.family@example.com')).personId);
    const visitorKey = await personOf(id);
    await addNote({ key: `chat:${id}`, body: 'Déjà client à SAINT-DENIS (RÉUNION)', operatorEmail: 'op@example.com' });
    await chat('fr', '/fr', 'Rien à voir');

    const { results } = await search('reunion');
    expect(results.map((r) => r.key).sort()).toEqual([visitorKey, family].sort());
    const visitor = results.find((r) => r.key === visitorKey);
    expect(visitor?.label).toBe('Visiteur · Français · arrivé sur /fr/blog');
    expect(visitor?.hits.map((h) => h.kind).sort()).toEqual(['message', 'note']);
    expect(visitor?.hits.flatMap((h) => h.text.filter((run) => run.match).map((run) => run.text)).sort()).toEqual(['RÉUNION', 'Réunion']);
    expect((await search('SAINT denis')).results.map((r) => r.key)).toEqual([visitorKey]);
    expect((await search('claire')).results.map((r) => r.key)).toEqual([family]);
    expect((await search("'&|!:*")).results).toEqual([]);
    expect((await searchRoute.GET(new Request(`${BASE}/search?q=`), { params: Promise.resolve({}) })).status).toBe(400);
  });
});
