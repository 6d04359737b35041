import type { APIRequestContext } from '@playwright/test';
import { parse, type HTMLElement } from 'node-html-parser';
import { expect } from './fixtures';

/**
 * What a crawler reads: a page's server HTML over plain HTTP, parsed without running any script.
 * Cheaper than a browser by two orders of magnitude, and closer to what search engines and
 * link previews see.
 */
export async function serverHtml(request: APIRequestContext, path: string): Promise<HTMLElement> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return parse(await response.text());
}

/** A page's SEO tags from its server HTML. */
export function readServerHead(document: HTMLElement) {
  const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    lang: document.querySelector('html')?.getAttribute('lang') ?? null,
    title: document.querySelector('title')?.text ?? '',
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    ogLocale: attr('meta[property="og:locale"]', 'content'),
    ogTitle: attr('meta[property="og:title"]', 'content'),
    ogAlternates: document.querySelectorAll('meta[property="og:locale:alternate"]').map((meta) => meta.getAttribute('content')),
    twitterCard: attr('meta[name="twitter:card"]', 'content'),
    hreflang: Object.fromEntries(
      document.querySelectorAll('link[rel="alternate"][hreflang]').map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    ),
  };
}

/** Every `<a href>` of the server HTML, as written. */
export const linksOf = (document: HTMLElement): string[] => document.querySelectorAll('a[href]').map((link) => link.getAttribute('href')!);
