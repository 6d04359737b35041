import { describe, expect, it } from 'vitest';
import { localePath, matchRoute, switchLocalePath } from '@/lib/routes';

describe('route table', () => {
  it.each([
    ['/', { kind: 'root' }],
    ['/fr', { kind: 'page', locale: 'fr' }],
    ['/de/visa-finder', { kind: 'page', locale: 'de' }],
    ['/it/privacy', { kind: 'page', locale: 'it' }],
    ['/en/blog/guide-complet-immigration-maurice', { kind: 'page', locale: 'en' }],
    ['/en/blog/a/b', { kind: 'not-found', locale: 'en' }],
    ['/es/nope', { kind: 'not-found', locale: 'es' }],
    ['/es/page-not-found', { kind: 'not-found', locale: 'es' }],
    ['/nope', { kind: 'not-found', locale: 'fr' }],
    ['/pt/services', { kind: 'not-found', locale: 'fr' }],
    ['/a-propos', { kind: 'legacy', to: '/fr/about' }],
    ['/visa-finder', { kind: 'legacy', to: '/fr/visa-finder' }],
    ['/robots.txt', { kind: 'file' }],
    ['/images/home/hero.jpg', { kind: 'file' }],
    ['/wp-login.php', { kind: 'not-found', locale: 'fr' }],
  ])('%s', (path, expected) => {
    expect(matchRoute(path)).toEqual(expected);
  });

  it('builds prefixed links', () => {
    expect(localePath('fr')).toBe('/fr');
    expect(localePath('en', '/contact')).toBe('/en/contact');
  });

  it('switches language and keeps the rest of the path', () => {
    expect(switchLocalePath('/fr/blog/investir-immobilier-maurice', 'de')).toBe('/de/blog/investir-immobilier-maurice');
    expect(switchLocalePath('/en', 'it')).toBe('/it');
    expect(switchLocalePath('/about', 'es')).toBe('/es/about');
  });
});
