import { describe, expect, it } from 'vitest';
import { findSlashQuery, matchCannedReplies, pickCannedText, replaceSlashQuery, type CannedReplyDto } from '@/lib/canned/reply';
import { cannedFieldErrors, cannedReplySchema } from '@/lib/canned/schema';

let nextId = 1;
function reply(shortcut: string, texts: Partial<CannedReplyDto['texts']> = {}): CannedReplyDto {
  return {
    id: nextId++,
    shortcut,
    texts: { fr: `FR ${shortcut}`, en: null, es: null, de: null, it: null, ...texts },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('the / query before the caret', () => {
  it('is found at the start of the field or after a space, lower-cased', () => {
    expect(findSlashQuery('/tar', 4)).toEqual({ start: 0, end: 4, query: 'tar' });
    expect(findSlashQuery('Bonjour /Tar', 12)).toEqual({ start: 8, end: 12, query: 'tar' });
    expect(findSlashQuery('Bonjour\u00a0/visa-2', 15)).toEqual({ start: 8, end: 15, query: 'visa-2' });
    expect(findSlashQuery('/', 1)).toEqual({ start: 0, end: 1, query: '' });
  });

  it('reads only up to the caret', () => {
    expect(findSlashQuery('Voir /tar puis la suite', 9)).toEqual({ start: 5, end: 9, query: 'tar' });
    expect(findSlashQuery('Voir /tar puis la suite', 23)).toBeNull();
  });

  it('ignores a slash inside a word, an address or a date, and a finished word', () => {
    expect(findSlashQuery('https://example.com/tarifs', 26)).toBeNull();
    expect(findSlashQuery('et/ou', 3)).toBeNull();
    expect(findSlashQuery('le 12/05', 8)).toBeNull();
    expect(findSlashQuery('/tarifs ', 8)).toBeNull();
    expect(findSlashQuery('/tar!', 5)).toBeNull();
  });
});

describe('matching replies', () => {
  const replies = [reply('visa-tarifs'), reply('tarifs'), reply('bonjour'), reply('tarifs-famille'), reply('horaires')];

  it('lists shortcuts starting with the query first, then those containing it', () => {
    expect(matchCannedReplies(replies, 'tar').map((item) => item.shortcut)).toEqual(['tarifs', 'tarifs-famille', 'visa-tarifs']);
    expect(matchCannedReplies(replies, 'zzz')).toEqual([]);
  });

  it('lists every reply for a bare slash, within the limit', () => {
    expect(matchCannedReplies(replies, '').map((item) => item.shortcut)).toEqual(['bonjour', 'horaires', 'tarifs', 'tarifs-famille', 'visa-tarifs']);
    expect(matchCannedReplies(replies, '', 2)).toHaveLength(2);
  });
});

describe('the text inserted', () => {
  const tarifs = reply('tarifs', { de: 'Unsere Preise', en: 'Our fees' });

  it("is the conversation's language when the reply has it", () => {
    expect(pickCannedText(tarifs, 'de')).toEqual({ text: 'Unsere Preise', locale: 'de', fellBack: false });
    expect(pickCannedText(tarifs, 'fr')).toEqual({ text: 'FR tarifs', locale: 'fr', fellBack: false });
  });

  it('falls back to French, saying so, when that language is empty', () => {
    expect(pickCannedText(tarifs, 'it')).toEqual({ text: 'FR tarifs', locale: 'fr', fellBack: true });
  });

  it('is French, without a fallback, when the conversation has no known language', () => {
    expect(pickCannedText(tarifs, 'pt')).toEqual({ text: 'FR tarifs', locale: 'fr', fellBack: false });
    expect(pickCannedText(tarifs, undefined)).toEqual({ text: 'FR tarifs', locale: 'fr', fellBack: false });
  });

  it('replaces the /query and puts the caret after it', () => {
    const typed = 'Bonjour /tar';
    expect(replaceSlashQuery(typed, findSlashQuery(typed, 12)!, 'Unsere Preise')).toEqual({ value: 'Bonjour Unsere Preise', caret: 21 });
    const middle = 'A /tar B';
    expect(replaceSlashQuery(middle, findSlashQuery(middle, 6)!, 'X')).toEqual({ value: 'A X B', caret: 3 });
    const glued = 'A /tarB';
    expect(replaceSlashQuery(glued, { start: 2, end: 6, query: 'tar' }, 'X')).toEqual({ value: 'A X B', caret: 4 });
  });
});

describe('the reply schema', () => {
  const valid = { shortcut: ' Tarifs-2026 ', texts: { fr: ' Nos  tarifs\n\nsont  simples. ', de: '', it: null } };

  it('lower-cases the shortcut, keeps one paragraph per text and stores empty languages as none', () => {
    expect(cannedReplySchema.parse(valid)).toEqual({
      shortcut: 'tarifs-2026',
      texts: { fr: 'Nos tarifs sont simples.', en: null, es: null, de: null, it: null },
    });
  });

  it('names each refused field', () => {
    const check = (body: Record<string, unknown>) => {
      const parsed = cannedReplySchema.safeParse(body);
      expect(parsed.success).toBe(false);
      return cannedFieldErrors(parsed.error!, body);
    };
    expect(check({ shortcut: 'avec espace', texts: { fr: 'x' } })).toEqual({ shortcut: 'invalid' });
    expect(check({ shortcut: '-tarifs', texts: { fr: 'x' } })).toEqual({ shortcut: 'invalid' });
    expect(check({ shortcut: 'tarifs/x', texts: { fr: 'x' } })).toEqual({ shortcut: 'invalid' });
    expect(check({ shortcut: 'a'.repeat(33), texts: { fr: 'x' } })).toEqual({ shortcut: 'too_long' });
    expect(check({ texts: { fr: 'x' } })).toEqual({ shortcut: 'required' });
    expect(check({ shortcut: 'ok', texts: { fr: '  \n ' } })).toEqual({ fr: 'required' });
    expect(check({ shortcut: 'ok' })).toEqual({ fr: 'required' });
    expect(check({ shortcut: 'ok', texts: { fr: 'x', de: 'ü'.repeat(2001) } })).toEqual({ de: 'too_long' });
    expect(check({ shortcut: 'ok', texts: { fr: 'x', it: 42 } })).toEqual({ it: 'invalid' });
  });

  it('accepts a text of exactly one chat message', () => {
    expect(cannedReplySchema.safeParse({ shortcut: 'long', texts: { fr: 'é'.repeat(2000) } }).success).toBe(true);
  });
});
