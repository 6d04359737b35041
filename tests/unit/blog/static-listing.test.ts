import { describe, expect, it } from 'vitest';
import { POSTS_PER_PAGE } from '@/lib/blog/constants';
import { staticListingParams, staticListingPath } from '@/lib/blog/static-listing';
import { matchRoute } from '@/lib/routes';

const search = (query: string) => new URLSearchParams(query);

describe('static blog listing', () => {
  it('maps every listing URL without a search to its prerendered page', () => {
    expect(staticListingPath('fr', search(''))).toBe('/fr/blog-pages/all/1');
    expect(staticListingPath('en', search('category=immobilier&page=2'))).toBe('/en/blog-pages/Immobilier/2');
    expect(staticListingPath('de', search('category=nope&page=abc'))).toBe('/de/blog-pages/all/1');
    expect(staticListingPath('it', search('q=%20%20'))).toBe('/it/blog-pages/all/1');
  });

  it('leaves searches to the page rendered per request', () => {
    expect(staticListingPath('fr', search('q=permis'))).toBeNull();
    expect(staticListingPath('fr', search('category=Business&q=villa&page=2'))).toBeNull();
  });

  it('prerenders each category and the unfiltered listing, as many pages as they have', () => {
    const posts = [...Array.from({ length: POSTS_PER_PAGE + 1 }, () => ({ category: 'Immigration' as const })), { category: 'Business' as const }];
    expect(staticListingParams(posts)).toEqual([
      { category: 'all', page: '1' },
      { category: 'all', page: '2' },
      { category: 'Immigration', page: '1' },
      { category: 'Immigration', page: '2' },
      { category: 'Immobilier', page: '1' },
      { category: 'Business', page: '1' },
    ]);
  });

  it('is not reachable directly: the route table answers 404', () => {
    expect(matchRoute('/fr/blog-pages/all/1')).toEqual({ kind: 'not-found', locale: 'fr' });
  });
});
