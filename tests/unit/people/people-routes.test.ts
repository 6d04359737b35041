import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const listRoute = await import('@/app/api/admin/people/route');
const actions = await import('@/components/admin/people/actions');
const { getPersonDetail } = await import('@/lib/people/timeline-queries');
const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');

const BASE = 'http://localhost/api/admin';
/** A server action's answer as the HTTP status the same refusal has. */
const statusOf = async (result: Promise<{ ok: true } | { ok: false; status: number }>) => {
  const answer = await result;
  return answer.ok ? 200 : answer.status;
};
const list = async (view = 'open') =>
  (await (await listRoute.GET(new Request(`${BASE}/people?view=${view}`), { params: Promise.resolve({}) })).json()) as { people: Person[] };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the timeline's entries are checked loosely below
const detail = async (key: string) => (await getPersonDetail({ key })) as any;
const patchPerson = (key: string, body: { stage: 'lost' | 'consultation' | 'client'; lostReason?: string } | { date: string | null; reason: string }) =>
  statusOf('stage' in body ? actions.changeStage(key, body) : actions.changeFollowUp(key, body));
const setStatus = (id: string, body: Parameters<typeof actions.changeConversationStatus>[1]) => statusOf(actions.changeConversationStatus(id, body));

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
    expect((await list('all')).people.find((p) => p.key === String(typed.personId))?.label).toBe('Mallory');
    // The operator merges them in one click: one person, named as the client.
    expect(await statusOf(actions.merge(String(typed.personId), String(client.personId)))).toBe(200);
    expect((await detail(String(typed.personId))).person).toMatchObject({ key: String(client.personId), label: 'Claire Martin' });
  });

  it('lets an operator correct the name, address and phone, in the history', async () => {
    const { personId } = await lead('typo@exmaple.com', 'contact', null, { name: 'Jon Smith' });
    const key = String(personId);
    expect(await statusOf(actions.correctDetails(key, { name: 'John Smith', email: 'typo@example.com', phone: '+230 5 999 0000' }))).toBe(200);
    const { person, timeline } = await detail(key);
    expect(person).toMatchObject({ name: 'John Smith', label: 'John Smith', email: 'typo@example.com', phone: '+230 5 999 0000' });
    expect(timeline.find((e: { kind: string }) => e.kind === 'rectify')).toMatchObject({
      operator: 'op@example.com',
      text: expect.stringContaining('name: John Smith'),
    });
    expect(await statusOf(actions.correctDetails(key, { phone: '<script>' }))).toBe(400);
    expect(await statusOf(actions.correctDetails(key, {}))).toBe(400);
    expect(await statusOf(actions.correctDetails('999999999', { name: 'Nobody' }))).toBe(404);
    // Null gives back what the person typed.
    expect(await statusOf(actions.correctDetails(key, { name: null }))).toBe(200);
    expect((await detail(key)).person.name).toBe('Jon Smith');
  });

  it('lists open conversations oldest waiting first, and an answer ends the wait', async () => {
    await query('delete from chat_sessions');
    const older = await chat('en', '/en', 'First');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await chat('it', '/it', 'Second');
    const [olderKey, newerKey] = [await personOf(older), await personOf(newer)];
    expect((await list()).people.filter((p) => p.conversations.length).map((p) => p.key)).toEqual([olderKey, newerKey]);
    await saveMessage({ sessionId: older, sender: 'operator', content: 'Hello!' });
    const [first] = (await list()).people.filter((p) => p.conversations.length);
    expect(first?.key).toBe(newerKey);
    expect((await list()).people.find((p) => p.key === olderKey)?.waitingSince).toBeNull();
  });

  it('shows a request not handled yet among those waiting (the default view), until it is handled', async () => {
    const { markHandled } = await import('@/components/admin/requests/actions');
    const request = await lead('form.only@example.com', 'contact', null, { name: 'Nadia Form' });
    const key = (await list('all')).people.find((p) => p.label === 'Nadia Form')?.key;
    expect(key).toBeTruthy();
    expect((await list()).people.map((p) => p.key)).toContain(key);
    expect(await markHandled(Number(request.id), true)).toEqual({ ok: true, value: null });
    expect((await list()).people.map((p) => p.key)).not.toContain(key);
    expect((await list('all')).people.map((p) => p.key)).toContain(key);
  });

  it('resolves and snoozes conversations, which reopen when the visitor writes or the time comes', async () => {
    const id = await chat('fr', '/fr', 'Une question');
    const key = await personOf(id);
    expect(await setStatus(id, { status: 'resolved' })).toBe(200);
    expect((await list('resolved')).people.map((p) => p.key)).toContain(key);
    await saveMessage({ sessionId: id, sender: 'visitor', content: 'Encore moi' });
    expect((await list()).people.map((p) => p.key)).toContain(key);
    expect(await setStatus(id, { status: 'snoozed', preset: 'tomorrow' })).toBe(200);
    expect((await list('snoozed')).people.map((p) => p.key)).toContain(key);
    expect((await list()).people.map((p) => p.key)).not.toContain(key);
    // The time comes: compared with now() when read, whichever instance reads.
    await query(`update chat_sessions set snoozed_until = now() - interval '1 minute' where id = $1`, [id]);
    expect((await list()).people.map((p) => p.key)).toContain(key);
    expect(await setStatus(id, { status: 'snoozed', preset: 'date', date: '2000-01-01' })).toBe(400);
    expect(await setStatus('session_0_missing', { status: 'resolved' })).toBe(404);
  });

  it('keeps stage changes, notes and follow-ups with their operator, and lists follow-ups due', async () => {
    const id = await chat('es', '/es/servicios', 'Hola');
    const key = `chat:${id}`;
    expect(await patchPerson(key, { stage: 'lost' })).toBe(400);
    expect(await patchPerson(key, { stage: 'consultation' })).toBe(200);
    expect(await patchPerson(key, { stage: 'lost', lostReason: 'Budget' })).toBe(200);
    expect(await statusOf(actions.writeNote(key, 'Rappeler après 14 h'))).toBe(200);
    expect(await statusOf(actions.writeNote(key, '   '))).toBe(400);
    expect(await patchPerson(key, { date: '2020-01-02', reason: 'Devis' })).toBe(200);
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
    expect(await actions.merge(`chat:${id}`, 'email:paul@example.com')).toEqual({ ok: true, value: 'email:paul@example.com' });
    const paul = (await list('all')).people.find((p) => p.key === paulKey);
    expect(paul?.conversations.map((c) => c.sessionId)).toEqual([id]);
    expect((await list('all')).people.find((p) => p.key === visitorKey)).toBeUndefined();
    expect(await statusOf(actions.merge(`chat:${id}`, 'email:paul@example.com'))).toBe(409);
    expect(await statusOf(actions.unmerge(`chat:${id}`))).toBe(200);
    expect((await list('all')).people.find((p) => p.key === visitorKey)?.conversations).toHaveLength(1);
    const events = (await detail(paulKey)).timeline.map((e: { kind: string }) => e.kind);
    expect(events).toEqual(expect.arrayContaining(['merge', 'unmerge']));
  });

  it('refuses unknown keys and bad bodies', async () => {
    expect(await detail('email:nobody@example.com')).toBeNull();
    expect(await patchPerson('../etc', { stage: 'client' })).toBe(404);
    expect(await patchPerson('email:nobody@example.com', { stage: 'client' })).toBe(404);
    expect(await statusOf(actions.merge('email:nobody@example.com', '../etc'))).toBe(404);
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
    // Both wait for the agency: the request not handled yet (oldest first) and the conversation.
    expect(lines.filter(Boolean)).toHaveLength(3);
    expect(lines[1]).toContain("'=cmd|calc,zoe@example.com");
    const visitor = lines[2]!;
    expect(visitor).toContain('Visiteur · Italien · arrivé sur /it/blog');
    expect(visitor).toContain(',Nouveau,,Chat,it,/it/blog,');
    // Mauritius time, as a spreadsheet reads a date: "2026-11-27 14:05", not an ISO instant in UTC.
    expect(visitor).toMatch(/,\/it\/blog,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(visitor).not.toMatch(/T\d{2}:\d{2}/);
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
