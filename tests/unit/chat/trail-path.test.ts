import { describe, expect, it } from 'vitest';
import { MAX_TRAIL_PATH_LENGTH, MAX_TRAIL_TITLE_LENGTH, normalizeTrailPath, trailEntrySchema } from '@/lib/chat/trail';

describe('trail paths', () => {
  it('keeps pages of this site under one of its locales, without query, fragment or trailing slash', () => {
    expect(normalizeTrailPath('/fr')).toBe('/fr');
    expect(normalizeTrailPath('/en/blog/guide-complet-immigration-maurice')).toBe('/en/blog/guide-complet-immigration-maurice');
    expect(normalizeTrailPath('/de/services/')).toBe('/de/services');
    expect(normalizeTrailPath('/it/blog?q=visa&page=2#top')).toBe('/it/blog');
    expect(normalizeTrailPath('/es/blog/caf%C3%A9')).toBe('/es/blog/caf%C3%A9');
  });

  it("keeps the visa finder's answers, and only them", () => {
    expect(normalizeTrailPath('/fr/visa-finder?nationality=France&duration=1-2+ans&work_status=Oui&work_context=remote_foreign&utm_source=x')).toBe(
      '/fr/visa-finder?nationality=France&duration=1-2+ans&work_status=Oui&work_context=remote_foreign',
    );
    expect(normalizeTrailPath('/en/visa-finder?email=someone%40example.com')).toBe('/en/visa-finder');
    expect(normalizeTrailPath('/en/visa-finder/')).toBe('/en/visa-finder');
  });

  it.each([
    ['another origin', 'https://evil.example/fr'],
    ['a protocol-relative address', '//evil.example/fr'],
    ['a backslash', '/fr\\evil'],
    ['no locale', '/blog/guide'],
    ['an unknown locale', '/pt/blog'],
    ['the bare root', '/'],
    ['the console', '/admin/chat'],
    ['the API', '/api/chat/sessions'],
    ['a dot segment leaving the locale', '/fr/../admin/chat'],
    ['a relative path', 'fr/blog'],
    ['spaces', '/fr/blog post'],
    ['too long', `/fr/${'a'.repeat(MAX_TRAIL_PATH_LENGTH)}`],
  ])('refuses %s', (_name, path) => {
    expect(normalizeTrailPath(path)).toBeNull();
    expect(trailEntrySchema.safeParse({ path, title: 'x' }).success).toBe(false);
  });

  it('bounds the title and strips control characters from it', () => {
    expect(trailEntrySchema.parse({ path: '/fr/about', title: '  À propos\u0000\n| Maurice Expat ' })).toEqual({
      path: '/fr/about',
      title: 'À propos | Maurice Expat',
    });
    expect(trailEntrySchema.parse({ path: '/fr/about' })).toEqual({ path: '/fr/about', title: '' });
    expect(trailEntrySchema.safeParse({ path: '/fr/about', title: 'x'.repeat(MAX_TRAIL_TITLE_LENGTH + 1) }).success).toBe(false);
    expect(trailEntrySchema.safeParse({ path: 42, title: 'x' }).success).toBe(false);
  });
});
