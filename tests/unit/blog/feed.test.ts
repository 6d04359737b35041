import { describe, expect, it } from 'vitest';
import { buildRssFeed } from '@/lib/blog/feed';
import { formatPostDate } from '@/lib/blog/format';

describe('RSS feed', () => {
  it('lists every item with absolute links, escaped text and its categories', () => {
    const xml = buildRssFeed({
      title: 'Blog & co',
      description: 'Guides',
      url: 'https://maurice-expat.mu/fr/blog',
      feedUrl: 'https://maurice-expat.mu/fr/blog/feed.xml',
      language: 'fr-FR',
      items: [
        { title: 'A < B', url: 'https://maurice-expat.mu/fr/blog/a', description: 'D', date: '2026-11-07', category: 'Immobilier', tags: ['villa'] },
        { title: 'C', url: 'https://maurice-expat.mu/fr/blog/c', description: 'E', date: '2026-11-14', category: 'Business', tags: [] },
      ],
    });
    // Written by the `feed` package: escaping, CDATA and RFC 822 dates are its work.
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Blog &amp; co</title>');
    expect(xml).toContain('<title><![CDATA[A < B]]></title>');
    expect(xml).toContain('<guid isPermaLink="false">https://maurice-expat.mu/fr/blog/a</guid>');
    expect(xml).toContain('<pubDate>Sat, 07 Nov 2026 00:00:00 GMT</pubDate>');
    expect(xml).toContain('<atom:link href="https://maurice-expat.mu/fr/blog/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<category>villa</category>');
    expect(xml).toContain('<lastBuildDate>Sat, 14 Nov 2026 00:00:00 GMT</lastBuildDate>');
    expect(xml.match(/<item>/g)).toHaveLength(2);
  });
});

describe('post dates', () => {
  it('use the page language, French long format on /fr, whatever the time zone', () => {
    expect(formatPostDate('2026-11-14', 'fr')).toBe('14 novembre 2026');
    expect(formatPostDate('2026-11-14', 'en')).toBe('14 November 2026');
    expect(formatPostDate('2026-11-14', 'de')).toBe('14. November 2026');
    expect(formatPostDate('2026-11-14', 'es')).toBe('14 de noviembre de 2026');
    expect(formatPostDate('2026-11-01', 'it')).toBe('1 novembre 2026');
  });
});
