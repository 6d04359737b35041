import { describe, expect, it } from 'vitest';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from '@/lib/canned/queries';
import { MAX_CANNED_REPLIES } from '@/lib/canned/reply';
import { cannedReplySchema } from '@/lib/canned/schema';
import { query } from '../db/test-database';

// Shared by the PGlite and PostgreSQL test files, which open the database first.

const input = (shortcut: string, texts: Record<string, string | null> = {}) =>
  cannedReplySchema.parse({ shortcut, texts: { fr: `Texte ${shortcut}`, ...texts } });

async function created(shortcut: string, texts: Record<string, string | null> = {}) {
  const write = await createCannedReply({ input: input(shortcut, texts) });
  if (!write.ok) throw new Error(`not created: ${write.reason}`);
  return write.reply;
}

export function describeCannedQueries() {
  describe('canned replies', () => {
    it('stores a reply with its texts and lists replies by shortcut', async () => {
      const tarifs = await created('tarifs', { de: 'Unsere Preise' });
      await created('bonjour');
      expect(tarifs).toMatchObject({ shortcut: 'tarifs', texts: { fr: 'Texte tarifs', en: null, es: null, de: 'Unsere Preise', it: null } });
      expect(tarifs.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const listed = await listCannedReplies();
      expect(listed.map((reply) => reply.shortcut)).toEqual(['bonjour', 'tarifs']);
      expect(listed[1]).toEqual(tarifs);
    });

    it('refuses a second reply with a shortcut already taken', async () => {
      await created('horaires');
      expect(await createCannedReply({ input: input('horaires') })).toEqual({ ok: false, reason: 'shortcut_taken' });
      expect((await listCannedReplies()).filter((reply) => reply.shortcut === 'horaires')).toHaveLength(1);
    });

    it('updates texts and shortcut, refreshing updated_at, and refuses a rename onto another shortcut', async () => {
      const visa = await created('visa', { en: 'Visa' });
      await created('permis');
      const updated = await updateCannedReply({ id: visa.id, input: input('visa-2', { it: 'Il visto' }) });
      expect(updated).toMatchObject({ ok: true, reply: { id: visa.id, shortcut: 'visa-2', texts: { fr: 'Texte visa-2', en: null, it: 'Il visto' } } });
      if (updated.ok) expect(Date.parse(updated.reply.updatedAt)).toBeGreaterThanOrEqual(Date.parse(visa.updatedAt));
      expect(await updateCannedReply({ id: visa.id, input: input('permis') })).toEqual({ ok: false, reason: 'shortcut_taken' });
      expect(await updateCannedReply({ id: 987_654_321, input: input('ailleurs') })).toEqual({ ok: false, reason: 'not_found' });
    });

    it('deletes a reply once', async () => {
      const gone = await created('a-supprimer');
      expect(await deleteCannedReply({ id: gone.id })).toBe(true);
      expect(await deleteCannedReply({ id: gone.id })).toBe(false);
      expect((await listCannedReplies()).some((reply) => reply.id === gone.id)).toBe(false);
    });

    it('checks the shortcut format in the database too', async () => {
      await expect(query(`insert into canned_replies (shortcut, text_fr) values ('Pas Bon', 'x')`)).rejects.toThrow(/canned_replies_shortcut_check/);
    });

    it(`holds at most ${MAX_CANNED_REPLIES} replies, even when creations race`, async () => {
      const [row] = await query<{ n: number }>('select count(*)::int as n from canned_replies');
      const missing = MAX_CANNED_REPLIES - 2 - Number(row!.n);
      await query(`insert into canned_replies (shortcut, text_fr) select 'rempli-' || i, 'x' from generate_series(1, $1::int) as i`, [missing]);
      const writes = await Promise.all(Array.from({ length: 5 }, (_, index) => createCannedReply({ input: input(`course-${index}`) })));
      expect(writes.filter((write) => write.ok)).toHaveLength(2);
      expect(writes.filter((write) => !write.ok && write.reason === 'too_many')).toHaveLength(3);
      expect(await listCannedReplies()).toHaveLength(MAX_CANNED_REPLIES);
    });
  });
}
