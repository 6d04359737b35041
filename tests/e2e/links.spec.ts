import type { APIRequestContext } from '@playwright/test';
import { LOCALES, SITE_URL, expect, test } from './fixtures';

// What a search engine or a visitor without JavaScript follows: every same-origin `<a href>` of
// the server HTML, over plain HTTP, from the sitemap and the five home pages.
const REDIRECTS = new Set([301, 307, 308]);
const MAX_URLS = 5_000;
const CONCURRENCY = 4;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ENTITIES[name]!);

/** The path and query of a same-origin address (the site's own or the test server's), else null. */
function sameOrigin(href: string, base: string, origins: string[]): string | null {
  const url = new URL(href, base);
  if (!origins.includes(url.origin)) return null;
  return url.pathname + url.search;
}

function anchors(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decode(match[1]!));
}

interface Outcome {
  status: number;
  location?: string;
  links: string[];
}

async function visit(request: APIRequestContext, path: string, base: string, origins: string[]): Promise<Outcome> {
  const response = await request.get(path, { maxRedirects: 0 });
  const status = response.status();
  if (REDIRECTS.has(status)) {
    const location = sameOrigin(response.headers()['location'] ?? '', new URL(path, base).href, origins);
    return { status, location: location ?? undefined, links: location ? [location] : [] };
  }
  if (status !== 200 || !(response.headers()['content-type'] ?? '').includes('text/html')) return { status, links: [] };
  const links = anchors(await response.text()).flatMap((href) => sameOrigin(href, new URL(path, base).href, origins) ?? []);
  return { status, links };
}

test('every link in the server HTML answers 200 or a deliberate redirect to a page that does', async ({ request, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const origins = [new URL(base).origin, new URL(SITE_URL).origin];
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const seeds = [
    ...LOCALES.map((locale) => `/${locale}`),
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap((match) => sameOrigin(decode(match[1]!), base, origins) ?? []),
  ];
  expect(seeds.length).toBeGreaterThan(LOCALES.length);

  const outcomes = new Map<string, Outcome>();
  const referrers = new Map<string, string>();
  const queue = [...new Set(seeds)];
  let anchorCount = 0;
  const work = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const outcome = await visit(request, path, base, origins);
      outcomes.set(path, outcome);
      anchorCount += outcome.links.length;
      for (const link of outcome.links) {
        if (outcomes.has(link) || referrers.has(link) || queue.includes(link)) continue;
        referrers.set(link, path);
        queue.push(link);
      }
      expect(outcomes.size + queue.length, 'the crawl stays bounded').toBeLessThan(MAX_URLS);
    }
  };
  // Workers pick up what the others queue: run until every one finds the queue empty at the end.
  while (queue.length > 0) await Promise.all(Array.from({ length: CONCURRENCY }, work));

  const broken = [...outcomes].flatMap(([path, { status, location }]) => {
    const from = referrers.get(path) ?? 'seed';
    if (status === 200) return [];
    if (REDIRECTS.has(status) && location && outcomes.get(location)?.status === 200) return [];
    return [`${path} → ${status}${location ? ` ${location} (${outcomes.get(location)?.status})` : ''}, linked from ${from}`];
  });
  const summary = `${outcomes.size} distinct addresses checked, ${anchorCount} same-origin links read`;
  test.info().annotations.push({ type: 'crawl', description: summary });
  console.log(`link crawl: ${summary}, ${broken.length} broken`);
  expect(broken).toEqual([]);
});
