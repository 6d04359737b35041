import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_STATUSES, LOCALIZED_ROUTES, PARAM_RULES, findLocalizedRoute, localePath, matchRoute, switchLocalePath } from '@/lib/routes';

const LOCALIZED_APP = path.join(process.cwd(), 'app', '[locale]');

/** Every folder under app/[locale] holding a page or a route handler, as 'blog/[slug]' ('' is the home page). */
function answeringFolders(dir = LOCALIZED_APP): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && /^(?:page|route)\.(?:tsx?|jsx?|mdx)$/.test(entry.name))
    ? [path.relative(LOCALIZED_APP, dir).split(path.sep).join('/')]
    : [];
  const below = entries.filter((entry) => entry.isDirectory()).flatMap((entry) => answeringFolders(path.join(dir, entry.name)));
  return [...here, ...below];
}

// A value each `[param]` accepts, to prove the proxy lets such a path through.
const EXAMPLES: Record<string, string> = { slug: 'guide-complet-immigration-maurice', status: 'thanks', category: 'all', page: '1' };

describe('route table and app/[locale]', () => {
  it('knows every page folder and no folder that does not exist', () => {
    expect(Object.keys(LOCALIZED_ROUTES).sort()).toEqual(answeringFolders().sort());
  });

  it('has a rule and an example for every [param]', () => {
    const params = Object.keys(LOCALIZED_ROUTES).flatMap((route) => [...route.matchAll(/\[(\w+)\]/g)].map((match) => match[1]!));
    for (const param of params) {
      expect(PARAM_RULES[param], param).toBeDefined();
      expect(EXAMPLES[param], param).toBeDefined();
    }
  });

  it('lets through a path of every served page and file, in every language', () => {
    const served = Object.entries(LOCALIZED_ROUTES).filter(([, kind]) => kind === 'page' || kind === 'file');
    for (const [route, kind] of served) {
      const inner = route.replace(/\[(\w+)\]/g, (_, param: string) => EXAMPLES[param] ?? '');
      expect(findLocalizedRoute(inner), route).toBe(route);
      for (const locale of ['fr', 'en', 'es', 'de', 'it']) {
        expect(matchRoute(localePath(locale as 'fr', inner)).kind, `${locale} ${route}`).toBe(kind);
      }
    }
  });

  it('accepts only the contact statuses the page renders', () => {
    for (const status of CONTACT_STATUSES) expect(matchRoute(`/fr/contact/${status}`)).toEqual({ kind: 'page', locale: 'fr' });
    expect(matchRoute('/fr/contact/other')).toEqual({ kind: 'not-found', locale: 'fr' });
  });
});

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
    ['/fr/blog-pages/all/1', { kind: 'not-found', locale: 'fr' }],
    ['/nope', { kind: 'not-found', locale: 'fr' }],
    ['/pt/services', { kind: 'not-found', locale: 'fr' }],
    ['/a-propos', { kind: 'legacy', to: '/fr/about' }],
    ['/visa-finder', { kind: 'legacy', to: '/fr/visa-finder' }],
    ['/robots.txt', { kind: 'file' }],
    ['/en/blog/feed.xml', { kind: 'file' }],
    ['/en/blog/Not_A_Slug', { kind: 'not-found', locale: 'en' }],
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

  it('keeps the query (visa result, blog filters) and leaves the internal not-found page for the home page', () => {
    expect(switchLocalePath('/fr/visa-finder', 'en', '?nationality=France&duration=6-12+mois')).toBe('/en/visa-finder?nationality=France&duration=6-12+mois');
    expect(switchLocalePath('/fr/blog', 'de', 'category=Immigration&q=visa')).toBe('/de/blog?category=Immigration&q=visa');
    expect(switchLocalePath('/fr/blog', 'de', '?')).toBe('/de/blog');
    expect(switchLocalePath('/it/page-not-found', 'en')).toBe('/en');
  });

  it('leads from an internal listing page (the server render of a rewritten /blog) to the public listing URL', () => {
    expect(switchLocalePath('/en/blog-pages/all/1', 'de')).toBe('/de/blog');
    expect(switchLocalePath('/en/blog-pages/Business/1', 'fr')).toBe('/fr/blog?category=Business');
    expect(switchLocalePath('/fr/blog-pages/all/3', 'it')).toBe('/it/blog?page=3');
    expect(switchLocalePath('/fr/blog-pages/Immigration/2', 'es')).toBe('/es/blog?category=Immigration&page=2');
  });
});
