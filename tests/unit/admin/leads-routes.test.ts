import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('@/lib/auth/operator-session', () => import('./always-operator'));

const { GET: listRoute } = await import('@/app/api/admin/leads/route');
const leadRoute = await import('@/app/api/admin/leads/[id]/route');
const privacyRoute = await import('@/app/api/admin/privacy/route');
const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');
const { describeVisaDetails, exportFileName } = await import('@/lib/leads/admin-queries');

const URL_BASE = 'http://localhost';
const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };
const withId = (id: string) => ({ params: Promise.resolve({ id }) });
const patch = (id: string, body: string, type = 'application/json') =>
  leadRoute.PATCH(new Request(`${URL_BASE}/api/admin/leads/${id}`, { method: 'PATCH', headers: { 'content-type': type }, body }), withId(id));
const privacy = (method: 'GET' | 'DELETE', email: string | null) => {
  const query = email === null ? '' : `?${new URLSearchParams({ email })}`;
  const request = new Request(`${URL_BASE}/api/admin/privacy${query}`, { method });
  return method === 'GET' ? privacyRoute.GET(request, noParams) : privacyRoute.DELETE(request, noParams);
};

async function addLead(email: string, extra: { message?: string; details?: unknown } = {}) {
  return saveLead({
    source: extra.details ? 'visa' : 'contact',
    name: 'Claire Martin',
    email,
    phone: '+230 5 123 4567',
    message: extra.message ?? 'Nous voulons nous installer à Maurice.',
    locale: 'fr',
    details: extra.details ?? null,
    consentAt: new Date(),
  });
}

describe('admin leads and privacy routes', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('lists leads newest first with their linked conversations and the unhandled count', async () => {
    const first = await addLead('linked@example.com');
    const second = await addLead('alone@example.com');
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr/contact' });
    await linkChatSessionToEmail({ sessionId: chat.id, email: 'linked@example.com' });
    const body = await (await listRoute(new Request(`${URL_BASE}/api/admin/leads`), noParams)).json();
    expect(body.unhandled).toBe(2);
    expect(body.leads.map((lead: { id: number }) => lead.id)).toEqual([second.id, first.id]);
    expect(body.leads[1]).toMatchObject({ email: 'linked@example.com', linkedSessionIds: [chat.id], handledAt: null, visa: null });
    expect(body.leads[0].linkedSessionIds).toEqual([]);
    expect(body.leads[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('reads one lead and answers 404 for an unknown or malformed id', async () => {
    const lead = await addLead('one@example.com');
    const found = await leadRoute.GET(new Request(`${URL_BASE}/api/admin/leads/${lead.id}`), withId(String(lead.id)));
    expect((await found.json()).lead).toMatchObject({ id: lead.id, email: 'one@example.com' });
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '12345678901234567890']) {
      const response = await leadRoute.GET(new Request(`${URL_BASE}/api/admin/leads/${id}`), withId(id));
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('marks a lead handled and back, answering the new unhandled count', async () => {
    const lead = await addLead('toggle@example.com');
    const done = await patch(String(lead.id), JSON.stringify({ handled: true }));
    const doneBody = await done.json();
    expect(doneBody.lead.handledAt).not.toBeNull();
    const reopened = await (await patch(String(lead.id), JSON.stringify({ handled: false }))).json();
    expect(reopened.lead.handledAt).toBeNull();
    expect(reopened.unhandled).toBe(doneBody.unhandled + 1);
  });

  it('refuses bad PATCH bodies with 4xx JSON errors, never a crash', async () => {
    const lead = await addLead('bad@example.com');
    const cases: [string, string, string, number][] = [
      [String(lead.id), '{"handled":"yes"}', 'application/json', 400],
      [String(lead.id), '{}', 'application/json', 400],
      [String(lead.id), '[true]', 'application/json', 400],
      [String(lead.id), 'not json', 'application/json', 400],
      [String(lead.id), 'handled=true', 'application/x-www-form-urlencoded', 415],
      ['nope', '{"handled":true}', 'application/json', 404],
    ];
    for (const [id, body, type, status] of cases) {
      const response = await patch(id, body, type);
      expect(response.status, body).toBe(status);
      expect(Object.keys(await response.json())).toEqual(expect.arrayContaining(['error', 'message']));
    }
  });

  it('exports everything about an address as a JSON download', async () => {
    await addLead('export@example.com', { message: '<b>bonjour</b>' });
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await linkChatSessionToEmail({ sessionId: chat.id, email: 'export@example.com' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Bonjour' });
    const response = await privacy('GET', ' Export@Example.com ');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="donnees-export@example.com.json"');
    const data = JSON.parse(await response.text());
    expect(data.leads.map((lead: { message: string }) => lead.message)).toEqual(['<b>bonjour</b>']);
    expect(data.conversations[0].messages[0]).toMatchObject({ sender: 'visitor', content: 'Bonjour' });
  });

  it('erases an address and answers the counts; a second erase finds nothing', async () => {
    await addLead('erase@example.com');
    await addLead('erase@example.com');
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await linkChatSessionToEmail({ sessionId: chat.id, email: 'erase@example.com' });
    expect(await (await privacy('DELETE', 'erase@example.com')).json()).toEqual({ leads: 2, conversations: 1, people: 3 });
    expect(await (await privacy('DELETE', 'erase@example.com')).json()).toEqual({ leads: 0, conversations: 0, people: 0 });
  });

  it('answers 400 for a missing or invalid address', async () => {
    for (const email of [null, '', 'not-an-email', `${'a'.repeat(250)}@example.com`]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await privacy(method, email);
        expect(response.status, `${method} ${email}`).toBe(400);
        expect(await response.json()).toMatchObject({ error: 'invalid_email' });
      }
    }
  });
});

describe('lead helpers', () => {
  it('names the export file after the address, keeping header-safe characters only', () => {
    expect(exportFileName('claire.martin+visa@example.com')).toBe('donnees-claire.martin+visa@example.com.json');
    expect(exportFileName('a"b\\c;d@example.com')).toBe('donnees-a_b_c_d@example.com.json');
  });

  it('describes visa details in French and keeps unknown values as stored', () => {
    const summary = describeVisaDetails({
      answers: { mood: 'ok', work_context: 'remote_foreign', work_status: 'Oui', nationality: 'Canada' },
      recommended: 'premium_visa',
      alternatives: ['visitor', 'made_up'],
    });
    expect(summary).toEqual({
      answers: [
        { label: 'Nationalité', value: 'Canada' },
        { label: 'Travail à Maurice', value: 'Oui' },
        { label: 'Cadre du travail', value: 'À distance, pour un employeur ou des clients à l’étranger' },
        { label: 'mood', value: 'ok' },
      ],
      recommended: 'Premium Visa',
      alternatives: ['Séjour visiteur (tourisme)', 'made_up'],
    });
    expect(describeVisaDetails({ answers: { workStatus: 'Retraité' } })?.answers).toEqual([{ label: 'Travail à Maurice', value: 'Retraité' }]);
    expect(describeVisaDetails(null)).toBeNull();
    expect(describeVisaDetails({ recommended: 42 })).toBeNull();
  });
});
