import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('@/lib/auth/operator-session', () => import('./always-operator'));

const privacyRoute = await import('@/app/api/admin/privacy/route');
const { markHandled, eraseSubject } = await import('@/components/admin/requests/actions');
const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');
const { countUnhandledLeads, describeVisaDetails, exportFileName, getLeadDto, listLeadDtos } = await import('@/lib/leads/admin-queries');

const URL_BASE = 'http://localhost';
const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };
const privacy = (email: string | null) => {
  const query = email === null ? '' : `?${new URLSearchParams({ email })}`;
  return privacyRoute.GET(new Request(`${URL_BASE}/api/admin/privacy${query}`), noParams);
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

describe('admin leads and privacy (queries, route and server actions)', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('lists leads newest first with their linked conversations, and counts the unhandled', async () => {
    const first = await addLead('linked@example.com');
    const second = await addLead('alone@example.com');
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr/contact' });
    await linkChatSessionToEmail({ sessionId: chat.id, email: 'linked@example.com' });
    const body = await listLeadDtos();
    expect(body.unhandled).toBe(2);
    expect(await countUnhandledLeads()).toBe(2);
    expect(body.leads.map((lead) => lead.id)).toEqual([second.id, first.id]);
    expect(body.leads[1]).toMatchObject({ email: 'linked@example.com', linkedSessionIds: [chat.id], handledAt: null, visa: null });
    expect(body.leads[0]?.linkedSessionIds).toEqual([]);
    expect(body.leads[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('reads one lead, none for an unknown id', async () => {
    const lead = await addLead('one@example.com');
    expect(await getLeadDto({ id: lead.id })).toMatchObject({ id: lead.id, email: 'one@example.com' });
    expect(await getLeadDto({ id: 999999 })).toBeNull();
  });

  it('marks a lead handled and back, the unhandled count following', async () => {
    const lead = await addLead('toggle@example.com');
    const before = await countUnhandledLeads();
    expect(await markHandled(lead.id, true)).toEqual({ ok: true, value: null });
    expect((await getLeadDto({ id: lead.id }))?.handledAt).not.toBeNull();
    expect(await countUnhandledLeads()).toBe(before - 1);
    expect(await markHandled(lead.id, false)).toEqual({ ok: true, value: null });
    expect((await getLeadDto({ id: lead.id }))?.handledAt).toBeNull();
    expect(await countUnhandledLeads()).toBe(before);
  });

  it('refuses bad input with a 4xx code, never a crash', async () => {
    const lead = await addLead('bad@example.com');
    const cases: [number, unknown, number][] = [
      [lead.id, 'yes', 400],
      [lead.id, null, 400],
      [Number.NaN, true, 400],
      [-1, true, 400],
      [999999, true, 404],
    ];
    for (const [id, handled, status] of cases) {
      expect(await markHandled(id, handled as boolean), `${id} ${String(handled)}`).toMatchObject({ ok: false, status });
    }
  });

  it('exports everything about an address as a JSON download', async () => {
    await addLead('export@example.com', { message: '<b>bonjour</b>' });
    const chat = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await linkChatSessionToEmail({ sessionId: chat.id, email: 'export@example.com' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Bonjour' });
    const response = await privacy(' Export@Example.com ');
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
    expect(await eraseSubject(' Erase@example.com')).toEqual({ ok: true, value: { leads: 2, conversations: 1, people: 3 } });
    expect(await eraseSubject('erase@example.com')).toEqual({ ok: true, value: { leads: 0, conversations: 0, people: 0 } });
  });

  it('answers 400 for a missing or invalid address', async () => {
    for (const email of [null, '', 'not-an-email', `${'a'.repeat(250)}@example.com`]) {
      const response = await privacy(email);
      expect(response.status, `export ${email}`).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_email' });
      expect(await eraseSubject(email as string), `erase ${email}`).toMatchObject({ ok: false, status: 400, code: 'invalid_email' });
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
