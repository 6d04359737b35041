import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/auth/operator-session', () => import('../admin/always-operator'));

const listRoute = await import('@/app/api/admin/canned-replies/route');
const { saveReply, deleteReply } = await import('@/components/admin/replies/actions');

const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };
const create = (body: unknown) => saveReply(null, body);
const list = async () =>
  (await (await listRoute.GET(new Request('http://localhost/api/admin/canned-replies'), noParams)).json()).replies as {
    id: number;
    shortcut: string;
    texts: Record<string, string | null>;
  }[];
const replyOf = async (result: ReturnType<typeof create>) => {
  const answer = await result;
  if (!answer.ok) throw new Error(`refused ${answer.status} ${answer.code}`);
  return answer.value;
};

describe('operator canned replies (server actions)', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('creates a reply and lists it', async () => {
    const reply = await replyOf(create({ shortcut: 'tarifs', texts: { fr: 'Nos tarifs', de: 'Unsere Preise', en: '' } }));
    expect(reply).toMatchObject({ shortcut: 'tarifs', texts: { fr: 'Nos tarifs', de: 'Unsere Preise', en: null } });
    expect(await list()).toEqual([expect.objectContaining({ id: reply.id, shortcut: 'tarifs' })]);
  });

  it('refuses 400 with the fields for a bad shortcut, a missing French text or a body that is no object', async () => {
    expect(await create({ shortcut: 'Mauvais raccourci!', texts: { fr: 'x' } })).toMatchObject({
      status: 400,
      code: 'invalid_reply',
      fields: { shortcut: 'invalid' },
    });
    expect(await create({ shortcut: 'vide', texts: { de: 'Nur Deutsch' } })).toMatchObject({ code: 'invalid_reply', fields: { fr: 'required' } });
    expect(await create([1, 2])).toMatchObject({ status: 400, code: 'invalid_reply' });
    expect(await create('{"shortcut":')).toMatchObject({ status: 400 });
  });

  it('refuses 409 shortcut_taken for a duplicate, on create and on rename', async () => {
    expect(await create({ shortcut: 'TARIFS', texts: { fr: 'Encore' } })).toMatchObject({ status: 409, code: 'shortcut_taken', fields: { shortcut: 'taken' } });
    const other = await replyOf(create({ shortcut: 'horaires', texts: { fr: 'Nos horaires' } }));
    expect(await saveReply(other.id, { shortcut: 'tarifs', texts: { fr: 'Nos horaires' } })).toMatchObject({ status: 409, code: 'shortcut_taken' });
  });

  it('updates a reply and refuses 404 for an unknown or malformed id', async () => {
    const [tarifs] = (await list()).filter((reply) => reply.shortcut === 'tarifs');
    const updated = await replyOf(saveReply(tarifs!.id, { shortcut: 'tarifs', texts: { fr: 'Nos tarifs 2027', it: 'Le nostre tariffe' } }));
    expect(updated).toMatchObject({ id: tarifs!.id, texts: { fr: 'Nos tarifs 2027', de: null, it: 'Le nostre tariffe' } });
    for (const id of [999999, 0, -1, 1.5, Number.MAX_SAFE_INTEGER * 10]) {
      expect(await saveReply(id, { shortcut: 'tarifs', texts: { fr: 'x' } }), String(id)).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await saveReply(tarifs!.id, { shortcut: '', texts: { fr: 'x' } })).toMatchObject({ status: 400 });
  });

  it('deletes a reply, then refuses 404', async () => {
    const reply = await replyOf(create({ shortcut: 'a-effacer', texts: { fr: 'Bientôt effacé' } }));
    expect(await deleteReply(reply.id)).toEqual({ ok: true, value: null });
    expect(await deleteReply(reply.id)).toMatchObject({ status: 404 });
    expect((await list()).some((item) => item.id === reply.id)).toBe(false);
  });

  it('accepts five texts of a full chat message each, and says which text is too long', async () => {
    const full = '語'.repeat(2000);
    expect(await create({ shortcut: 'complet', texts: { fr: full, en: full, es: full, de: full, it: full } })).toMatchObject({ ok: true });
    expect(await create({ shortcut: 'trop-long', texts: { fr: 'x'.repeat(2001) } })).toMatchObject({ code: 'invalid_reply', fields: { fr: 'too_long' } });
  });
});
