import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

const { POST } = await import('@/app/api/leads/route');
const { DELETE: deleteConversation } = await import('@/app/api/chat/sessions/[id]/route');
const { createChatSession, getChatSession, saveMessage } = await import('@/lib/chat/queries');
const { listLeads, markLeadHandled } = await import('@/lib/leads/queries');
const { exportSubjectData, eraseSubjectData } = await import('@/lib/privacy/subject-data');
const { purgeExpiredData } = await import('@/lib/privacy/queries');

let client = 0;
const VALID = { name: 'Claire Martin', email: 'Claire@Example.com', message: 'Nous voulons nous installer à Maurice.', consent: true, locale: 'fr' };

function postJson(body: unknown, ip = `192.0.2.${(client += 1)}`) {
  return POST(
    new Request('http://localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    }),
  );
}

function postForm(fields: Record<string, string>, ip = `198.51.100.${(client += 1)}`) {
  return POST(
    new Request('http://localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: new URLSearchParams(fields),
    }),
  );
}

describe('leads', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('stores a valid lead before answering 201', async () => {
    const response = await postJson(VALID);
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const { leads } = await listLeads();
    expect(leads.find((lead) => lead.id === id)).toMatchObject({ email: 'claire@example.com', source: 'contact', handledAt: null });
  });

  it('refuses a NUL character in any text, JSON or form, with 400 (PostgreSQL cannot store it)', async () => {
    for (const response of [
      await postJson({ ...VALID, name: 'Claire\u0000Martin' }),
      await postJson({ ...VALID, message: 'Nous voulons nous installer\u0000 à Maurice.' }),
      await postForm({ ...VALID, consent: 'on', message: 'Nous voulons nous installer\u0000 à Maurice.' }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const { leads } = await listLeads();
    expect(leads.some((lead) => lead.name.includes('\u0000') || lead.message.includes('\u0000'))).toBe(false);
  });

  it('names the fields that are missing or invalid', async () => {
    const response = await postJson({ name: 'C', email: 'not-an-email', message: '', locale: 'de' });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ name: 'invalid', email: 'invalid', message: 'required', consent: 'required' });
  });

  it('accepts the no-JavaScript form and redirects to the translated thank-you page', async () => {
    const response = await postForm({ ...VALID, consent: 'on', locale: 'es', email: 'form@example.com' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/es/contact/thanks');
    expect((await listLeads()).leads.some((lead) => lead.email === 'form@example.com')).toBe(true);
    const invalid = await postForm({ name: 'X', locale: 'it' });
    expect(invalid.headers.get('location')).toBe('/it/contact/invalid');
  });

  it('pretends to accept a filled honeypot and stores nothing', async () => {
    const before = (await listLeads()).leads.length;
    expect((await postJson({ ...VALID, email: 'bot@example.com', website: 'http://spam.example' })).status).toBe(201);
    expect((await listLeads()).leads.length).toBe(before);
  });

  it('limits a client to 5 leads per 10 minutes', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await postJson({ ...VALID, email: `rate${i}@example.com` }, '203.0.113.77')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('marks a lead handled and counts the unhandled ones', async () => {
    const { leads, unhandled } = await listLeads();
    await markLeadHandled({ id: leads[0]!.id, handled: true });
    expect((await listLeads()).unhandled).toBe(unhandled - 1);
  });

  it('links the visitor chat, exports and erases everything about an e-mail', async () => {
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr/contact' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Bonjour' });
    expect((await postJson({ ...VALID, email: 'linked@example.com', chatSession: chat })).status).toBe(201);
    const exported = await exportSubjectData({ email: 'Linked@Example.com' });
    expect(exported.leads).toHaveLength(1);
    expect(exported.conversations[0]?.messages.map((m) => m.content)).toEqual(['Bonjour']);
    expect(await eraseSubjectData({ email: 'linked@example.com' })).toEqual({ leads: 1, conversations: 1, people: 1 });
    expect(await getChatSession({ id: chat.id })).toBeNull();
    expect((await exportSubjectData({ email: 'linked@example.com' })).leads).toEqual([]);
  });

  it('lets a visitor delete their conversation with their own token only', async () => {
    const chat = await createChatSession({ locale: 'en', startPage: '/en' });
    const other = await createChatSession({ locale: 'en', startPage: '/en' });
    const request = (token: string) =>
      deleteConversation(new Request(`http://localhost/api/chat/sessions/${chat.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }), {
        params: Promise.resolve({ id: chat.id }),
      });
    expect((await request(other.token)).status).toBe(403);
    expect((await request(chat.token)).status).toBe(204);
    expect(await getChatSession({ id: chat.id })).toBeNull();
  });

  it('purges conversations and leads past their retention period', async () => {
    const old = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await query(`update chat_sessions set created_at = now() - interval '400 days' where id = $1`, [old.id]);
    await query(`update leads set created_at = now() - interval '1100 days' where email = 'claire@example.com'`);
    const deleted = await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
    expect(deleted.chatSessions).toBeGreaterThanOrEqual(1);
    expect(deleted.leads).toBe(1);
    expect(await getChatSession({ id: old.id })).toBeNull();
  });

  it('purges conversations that never got a message after a day', async () => {
    const empty = await createChatSession({ locale: 'fr', startPage: '/fr' });
    const talked = await createChatSession({ locale: 'fr', startPage: '/fr' });
    const fresh = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await query(`update chat_sessions set created_at = now() - interval '25 hours' where id in ($1, $2)`, [empty.id, talked.id]);
    await query(`update chat_sessions set last_message_at = now() - interval '2 hours' where id = $1`, [talked.id]);
    await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
    expect(await getChatSession({ id: empty.id })).toBeNull();
    expect(await getChatSession({ id: talked.id })).not.toBeNull();
    expect(await getChatSession({ id: fresh.id })).not.toBeNull();
  });
});
