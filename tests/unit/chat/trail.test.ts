import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const { POST: recordRoute } = await import('@/app/api/chat/sessions/[id]/trail/route');
const { GET: trailRoute } = await import('@/app/api/admin/sessions/[id]/trail/route');
const { createChatSession, deleteChatSession } = await import('@/lib/chat/queries');
const { listTrail, saveTrailEntry } = await import('@/lib/chat/trail-queries');
const { describeTrailPage } = await import('@/lib/chat/trail-admin');
const { MAX_TRAIL_ENTRIES } = await import('@/lib/chat/trail');
const { subscribeToChat } = await import('@/lib/chat/realtime');
const { linkChatSessionToEmail } = await import('@/lib/leads/queries');
const { eraseSubjectData, exportSubjectData } = await import('@/lib/privacy/subject-data');
const { purgeExpiredData } = await import('@/lib/privacy/queries');
const { getPost } = await import('@/lib/blog');

const BASE = 'http://localhost:3000';
const ARTICLE = '/fr/blog/guide-complet-immigration-maurice';
const VISA_RESULT = '/fr/visa-finder?nationality=Canada&duration=1-2+ans&work_status=Oui&work_context=remote_foreign&family=Oui';

const record = (id: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  recordRoute(
    new Request(`${BASE}/api/chat/sessions/${id}/trail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
const readTrail = (id: string) => trailRoute(new Request(`${BASE}/api/admin/sessions/${id}/trail`), { params: Promise.resolve({ id }) });
const newSession = () => createChatSession({ locale: 'fr', startPage: '/fr/services' });

describe('the visitor trail', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  describe('pages as the console shows them', () => {
    it('names a blog article by its title in the language read', () => {
      const post = getPost({ slug: 'guide-complet-immigration-maurice', locale: 'en' });
      expect(post).toBeDefined();
      expect(describeTrailPage('/en/blog/guide-complet-immigration-maurice', 'whatever the tab said')).toEqual({
        path: '/en/blog/guide-complet-immigration-maurice',
        kind: 'article',
        label: post!.title,
        visa: null,
      });
    });

    it("reads a visa finder result's answers with the engine's schema, in French, with the permit it recommends", () => {
      const page = describeTrailPage(VISA_RESULT.replace('/fr/', '/de/'), 'Visa-Rechner');
      expect(page.kind).toBe('visaResult');
      expect(page.visa?.answers).toEqual([
        { label: 'Nationalité', value: 'Canada' },
        { label: 'Durée du séjour', value: '1-2\u00a0ans' },
        { label: 'Travail à Maurice', value: 'Oui' },
        { label: 'Cadre du travail', value: 'À distance, pour un employeur ou des clients à l’étranger' },
        { label: 'Famille', value: 'Oui' },
      ]);
      expect(page.visa?.recommended).toBe('Premium Visa');
    });

    it("shows a plan's target arrival date in French, not as the address's ISO date", () => {
      const plan = describeTrailPage('/fr/visa-finder/plan?nationality=France&duration=1-2+ans&work_status=Oui&work_context=local_employer&arrival=2027-03-01');
      expect(plan.kind).toBe('visaPlan');
      expect(plan.visa?.answers.at(-1)).toEqual({ label: "Date d'arrivée visée", value: '1 mars 2027' });
    });

    it('drops a work context the engine ignores, and shows the bare finder or a partial answer set as the finder', () => {
      const retired = describeTrailPage('/fr/visa-finder?nationality=France&duration=Plus+de+5+ans&work_status=Retrait%C3%A9&work_context=local_employer');
      expect(retired.visa?.answers.map((answer) => answer.label)).toEqual(['Nationalité', 'Durée du séjour', 'Travail à Maurice']);
      expect(describeTrailPage('/fr/visa-finder', 'Simulateur')).toMatchObject({ kind: 'visaFinder', visa: null });
      expect(describeTrailPage('/fr/visa-finder?nationality=France&duration=Jamais&work_status=Oui')).toMatchObject({ kind: 'visaFinder', visa: null });
    });

    it('shows any other page by its title, or by its path without one', () => {
      expect(describeTrailPage('/fr/services', 'Nos services')).toEqual({ path: '/fr/services', kind: 'page', label: 'Nos services', visa: null });
      expect(describeTrailPage('/fr/blog/no-such-post', '')).toMatchObject({ kind: 'page', label: '/fr/blog/no-such-post' });
    });
  });

  describe('storage', () => {
    it('lists the pages oldest first and keeps only the newest ones beyond the cap (the oldest are dropped)', async () => {
      const { id } = await newSession();
      for (let index = 1; index <= 5; index += 1) await saveTrailEntry({ sessionId: id, path: `/fr/page-${index}`, title: `Page ${index}`, keep: 3 });
      expect((await listTrail({ sessionId: id })).map((entry) => entry.path)).toEqual(['/fr/page-3', '/fr/page-4', '/fr/page-5']);
      expect((await listTrail({ sessionId: id, limit: 2 })).map((entry) => entry.title)).toEqual(['Page 4', 'Page 5']);
    });

    it(`holds at most ${MAX_TRAIL_ENTRIES} pages per conversation by default, and another conversation's are untouched`, async () => {
      const { id } = await newSession();
      const other = await newSession();
      await saveTrailEntry({ sessionId: other.id, path: '/fr/about', title: 'À propos' });
      for (let index = 0; index < MAX_TRAIL_ENTRIES + 3; index += 1) await saveTrailEntry({ sessionId: id, path: `/fr/p${index}`, title: '' });
      const rows = await query<{ n: string }>('select count(*)::text as n from chat_trail where session_id = $1', [id]);
      expect(Number(rows[0]?.n)).toBe(MAX_TRAIL_ENTRIES);
      const kept = await listTrail({ sessionId: id });
      expect(kept[0]?.path).toBe('/fr/p3');
      expect(kept.at(-1)?.path).toBe(`/fr/p${MAX_TRAIL_ENTRIES + 2}`);
      expect(await listTrail({ sessionId: other.id })).toHaveLength(1);
    });

    it("goes with its conversation: the visitor's deletion, the retention purge and the subject's erasure; the export lists it", async () => {
      const deleted = await newSession();
      await saveTrailEntry({ sessionId: deleted.id, path: '/fr/about', title: 'À propos' });
      await deleteChatSession({ id: deleted.id });
      expect(await listTrail({ sessionId: deleted.id })).toEqual([]);

      const idle = await newSession();
      await saveTrailEntry({ sessionId: idle.id, path: '/fr/about', title: 'À propos' });
      await query(`update chat_sessions set created_at = now() - interval '2 days' where id = $1`, [idle.id]);
      await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
      expect(await listTrail({ sessionId: idle.id })).toEqual([]);

      const linked = await newSession();
      await linkChatSessionToEmail({ sessionId: linked.id, email: 'trail@example.com' });
      await saveTrailEntry({ sessionId: linked.id, path: ARTICLE, title: 'Guide' });
      const exported = await exportSubjectData({ email: 'trail@example.com' });
      expect(exported.conversations).toHaveLength(1);
      expect(exported.conversations[0]?.trail).toEqual([{ path: ARTICLE, title: 'Guide', createdAt: expect.any(Date) }]);
      expect((await eraseSubjectData({ email: 'trail@example.com' })).conversations).toBe(1);
      expect(await query('select 1 from chat_trail where session_id = $1', [linked.id])).toEqual([]);
    });
  });

  describe('the endpoints', () => {
    it('records a page of the visitor, tells the consoles, and the console reads it described', async () => {
      const { id, token } = await newSession();
      const signals: unknown[] = [];
      const unsubscribe = await subscribeToChat((event) => signals.push(event));
      try {
        expect((await record(id, token, { path: `${ARTICLE}?utm=x`, title: 'Guide' }, { origin: BASE })).status).toBe(204);
        expect((await record(id, token, { path: VISA_RESULT, title: 'Simulateur de visa' })).status).toBe(204);
      } finally {
        unsubscribe();
      }
      expect(signals).toEqual([
        { type: 'trail', sessionId: id },
        { type: 'trail', sessionId: id },
      ]);
      const response = await readTrail(id);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { startPage: { path: string; label: string }; entries: { path: string; kind: string }[] };
      expect(body.startPage).toMatchObject({ path: '/fr/services', kind: 'page', label: '/fr/services' });
      expect(body.entries.map((entry) => [entry.path, entry.kind])).toEqual([
        [ARTICLE, 'article'],
        [VISA_RESULT, 'visaResult'],
      ]);
      expect((await readTrail('session_0000000000_unknown')).status).toBe(404);
      expect((await readTrail('../etc')).status).toBe(404);
    });

    it('refuses bad input (400), a missing (401) or forged token (403), another site (403) and a flood (429)', async () => {
      const { id, token } = await newSession();
      const other = await newSession();
      expect((await record(id, token, { path: 'https://evil.example/', title: 'x' })).status).toBe(400);
      expect((await record(id, token, { path: '/fr/about', title: 'x'.repeat(201) })).status).toBe(400);
      expect((await record(id, token, '{not json')).status).toBe(400);
      expect((await record(id, token, { path: '/fr/about' }, { authorization: '' })).status).toBe(401);
      expect((await record(id, other.token, { path: '/fr/about' })).status).toBe(403);
      expect((await record(id, token, { path: '/fr/about' }, { origin: 'https://evil.example' })).status).toBe(403);
      const statuses: number[] = [];
      for (let index = 0; index < 32; index += 1) statuses.push((await record(id, token, { path: `/fr/p${index}` })).status);
      expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // Nothing refused was stored.
      expect(await listTrail({ sessionId: id })).toHaveLength(30);
      expect(await listTrail({ sessionId: other.id })).toEqual([]);
    });
  });
});
