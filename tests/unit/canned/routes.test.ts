import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const listRoute = await import('@/app/api/admin/canned-replies/route');
const itemRoute = await import('@/app/api/admin/canned-replies/[id]/route');

const BASE = 'http://localhost/api/admin/canned-replies';
const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };
const withId = (id: string) => ({ params: Promise.resolve({ id }) });
const json = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

const create = (body: unknown, type = 'application/json') =>
  listRoute.POST(new Request(BASE, { method: 'POST', headers: { 'content-type': type }, body: json(body) }), noParams);
const update = (id: string, body: unknown) =>
  itemRoute.PATCH(new Request(`${BASE}/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: json(body) }), withId(id));
const remove = (id: string) => itemRoute.DELETE(new Request(`${BASE}/${id}`, { method: 'DELETE' }), withId(id));
const list = async () =>
  (await (await listRoute.GET(new Request(BASE), noParams)).json()).replies as { id: number; shortcut: string; texts: Record<string, string | null> }[];

describe('operator canned reply routes', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('creates a reply (201) and lists it', async () => {
    const response = await create({ shortcut: 'tarifs', texts: { fr: 'Nos tarifs', de: 'Unsere Preise', en: '' } });
    expect(response.status).toBe(201);
    const { reply } = await response.json();
    expect(reply).toMatchObject({ shortcut: 'tarifs', texts: { fr: 'Nos tarifs', de: 'Unsere Preise', en: null } });
    expect(await list()).toEqual([expect.objectContaining({ id: reply.id, shortcut: 'tarifs' })]);
  });

  it('answers 400 with the fields for a bad shortcut or a missing French text', async () => {
    const bad = await create({ shortcut: 'Mauvais raccourci!', texts: { fr: 'x' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_reply', fields: { shortcut: 'invalid' } });
    const noFrench = await create({ shortcut: 'vide', texts: { de: 'Nur Deutsch' } });
    expect(await noFrench.json()).toMatchObject({ error: 'invalid_reply', fields: { fr: 'required' } });
    expect((await create('[1, 2]')).status).toBe(400);
    expect((await create('{"shortcut":')).status).toBe(400);
    expect((await create(JSON.stringify({ shortcut: 'ok', texts: { fr: 'x' } }), 'text/plain')).status).toBe(415);
  });

  it('answers 409 shortcut_taken for a duplicate, on create and on rename', async () => {
    const duplicate = await create({ shortcut: 'TARIFS', texts: { fr: 'Encore' } });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ error: 'shortcut_taken', fields: { shortcut: 'taken' } });
    const other = (await (await create({ shortcut: 'horaires', texts: { fr: 'Nos horaires' } })).json()).reply;
    const renamed = await update(String(other.id), { shortcut: 'tarifs', texts: { fr: 'Nos horaires' } });
    expect(renamed.status).toBe(409);
    expect(await renamed.json()).toMatchObject({ error: 'shortcut_taken' });
  });

  it('updates a reply and answers 404 for an unknown or malformed id', async () => {
    const [tarifs] = (await list()).filter((reply) => reply.shortcut === 'tarifs');
    const response = await update(String(tarifs!.id), { shortcut: 'tarifs', texts: { fr: 'Nos tarifs 2027', it: 'Le nostre tariffe' } });
    expect(response.status).toBe(200);
    expect((await response.json()).reply).toMatchObject({ id: tarifs!.id, texts: { fr: 'Nos tarifs 2027', de: null, it: 'Le nostre tariffe' } });
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '12345678901234567890']) {
      const missing = await update(id, { shortcut: 'tarifs', texts: { fr: 'x' } });
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await update(String(tarifs!.id), { shortcut: '', texts: { fr: 'x' } })).status).toBe(400);
  });

  it('deletes a reply (204), then answers 404', async () => {
    const { reply } = await (await create({ shortcut: 'a-effacer', texts: { fr: 'Bientôt effacé' } })).json();
    expect((await remove(String(reply.id))).status).toBe(204);
    expect((await remove(String(reply.id))).status).toBe(404);
    expect((await remove('nope')).status).toBe(404);
    expect((await list()).some((item) => item.id === reply.id)).toBe(false);
  });

  it('accepts five texts of a full chat message each, and refuses a body beyond that with 413', async () => {
    const full = '語'.repeat(2000);
    const texts = { fr: full, en: full, es: full, de: full, it: full };
    const response = await create({ shortcut: 'complet', texts });
    expect(response.status).toBe(201);
    const tooLarge = await create({ shortcut: 'enorme', texts, padding: 'x'.repeat(20_000) });
    expect(tooLarge.status).toBe(413);
    const tooLong = await create({ shortcut: 'trop-long', texts: { fr: 'x'.repeat(2001) } });
    expect(await tooLong.json()).toMatchObject({ error: 'invalid_reply', fields: { fr: 'too_long' } });
  });
});
