import { CATEGORIES } from '@/lib/content/categories';
import { isLocale, type Locale } from '@/lib/i18n/routing';

/** Where the contact form lands when the browser posted it without JavaScript. */
export const CONTACT_STATUSES = ['thanks', 'invalid', 'busy'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Every folder under app/[locale] that answers a request (a `page.tsx` or a `route.ts`), by its
 * path without the language prefix, and how the proxy treats it: `page` paths are served,
 * `file` paths too (no sitemap entry), `fallback` and `internal` folders are reached only through
 * Next or the proxy itself. A `[param]` needs a rule in PARAM_RULES. tests/unit/site/routes.test.ts
 * fails when a folder is missing here, so a new page cannot answer 404 unnoticed.
 */
export const LOCALIZED_ROUTES = {
  '': 'page',
  services: 'page',
  'visa-finder': 'page',
  // A relocation plan: the visa finder's answers and an arrival date in the query (lib/plan/address.ts).
  'visa-finder/plan': 'page',
  blog: 'page',
  'blog/[slug]': 'page',
  'blog/feed.xml': 'file',
  // Only reached when [slug] has no such post: it sends the visitor back to the listing.
  'blog/[...unknown]': 'fallback',
  about: 'page',
  contact: 'page',
  'contact/[status]': 'page',
  privacy: 'page',
  legal: 'page',
  // A client's dossier (lib/dossier): their cookie's, or the form that mails a new link.
  dossier: 'page',
  // The mailed link's page: its token in the fragment, spent by the client's button (a POST).
  'dossier/open': 'page',
  // The proxy rewrites unknown paths here and answers 404.
  'page-not-found': 'internal',
  // The prerendered blog listing: the proxy rewrites /blog without `?q=` here (lib/blog/static-listing.ts).
  'blog-pages/[category]/[page]': 'internal',
  // A page number past the last page: rendered on request.
  'blog-pages/[category]/[...beyond]': 'internal',
} as const satisfies Record<string, 'page' | 'file' | 'fallback' | 'internal'>;

/** What a `[param]` segment of LOCALIZED_ROUTES accepts. */
export const PARAM_RULES: Record<string, (segment: string) => boolean> = {
  slug: (segment) => SLUG.test(segment),
  status: (segment) => (CONTACT_STATUSES as readonly string[]).includes(segment),
  category: (segment) => segment === 'all' || (CATEGORIES as readonly string[]).includes(segment),
  page: (segment) => /^[1-9][0-9]{0,3}$/.test(segment),
};

/** Served pages left out of the sitemap: a plan only means something with its query, a dossier with its cookie or its link. */
const UNLISTED_PATHS: readonly string[] = ['visa-finder/plan', 'dossier', 'dossier/open'];

type RoutePath = keyof typeof LOCALIZED_ROUTES;
// Marked pure so that the browser bundles, which import only the link helpers below, drop the table.
const ROUTE_PATHS = /* @__PURE__ */ Object.keys(LOCALIZED_ROUTES) as RoutePath[];

/** The pages listed in the sitemap: every served page without a parameter ('' is the home page). */
export const PAGE_PATHS = /* @__PURE__ */ ROUTE_PATHS.filter(
  (path) => LOCALIZED_ROUTES[path] === 'page' && !path.includes('[') && !UNLISTED_PATHS.includes(path),
);

/** Internal page the proxy rewrites unknown paths to, answered with status 404. */
export const NOT_FOUND_PATH = 'page-not-found' satisfies RoutePath;
/**
 * Internal route of the prerendered listing pages, /<lang>/blog-pages/<category>/<page>: the
 * proxy rewrites every listing URL without `?q=` to it (lib/blog/static-listing.ts), and the route
 * table answers 404 to anyone asking for it directly.
 */
export const STATIC_LISTING_SEGMENT = 'blog-pages';

const PUBLIC_FILE = /^\/(?:robots\.txt|sitemap\.xml|favicon\.ico|icon\.svg|apple-icon\.png|images\/.+)$/;

function segmentMatches(pattern: string, segment: string): boolean {
  const param = /^\[(\w+)\]$/.exec(pattern)?.[1];
  if (!param) return pattern === segment;
  return PARAM_RULES[param]?.(segment) ?? false;
}

/** The entry of LOCALIZED_ROUTES an inner path (no language prefix) stands for, if any. */
export function findLocalizedRoute(inner: string): RoutePath | undefined {
  const segments = inner === '' ? [] : inner.split('/');
  return ROUTE_PATHS.find((path) => {
    const patterns = path === '' ? [] : path.split('/');
    return patterns.length === segments.length && patterns.every((pattern, index) => segmentMatches(pattern, segments[index]!));
  });
}

/** The prototype's unprefixed paths, answered with 301 to the French page. */
const LEGACY_PATHS: Record<string, string> = {
  '/services': '/fr/services',
  '/visa-finder': '/fr/visa-finder',
  '/blog': '/fr/blog',
  '/about': '/fr/about',
  '/a-propos': '/fr/about',
  '/contact': '/fr/contact',
};

export type RouteMatch =
  { kind: 'root' } | { kind: 'legacy'; to: string } | { kind: 'file' } | { kind: 'page'; locale: Locale } | { kind: 'not-found'; locale: Locale };

/** Classifies a request path against the site's route table. */
export function matchRoute(pathname: string): RouteMatch {
  if (pathname === '/' || pathname === '') return { kind: 'root' };
  if (PUBLIC_FILE.test(pathname)) return { kind: 'file' };
  const legacy = LEGACY_PATHS[pathname.replace(/\/$/, '')];
  if (legacy) return { kind: 'legacy', to: legacy };
  const [, first = '', ...rest] = pathname.split('/');
  if (!isLocale(first)) return { kind: 'not-found', locale: 'fr' };
  const locale = first;
  const route = findLocalizedRoute(rest.join('/').replace(/\/$/, ''));
  const kind = route === undefined ? undefined : LOCALIZED_ROUTES[route];
  if (kind === 'file') return { kind: 'file' };
  if (kind === 'page') return { kind: 'page', locale };
  return { kind: 'not-found', locale };
}

/** `/fr/services`-style href that keeps the language prefix. */
export function localePath(locale: Locale, path: string = ''): string {
  const clean = path.replace(/^\/+/, '');
  return clean ? `/${locale}/${clean}` : `/${locale}`;
}

/**
 * The public listing URL of a prerendered listing page (`blog-pages/<category>/<page>`, the
 * route the proxy rewrites `/blog?category=…&page=…` to), as lib/blog/listing.ts writes it.
 */
function publicListingPath(target: Locale, [category = 'all', page = '1']: string[]): string {
  const query = new URLSearchParams();
  if (category !== 'all') query.set('category', category);
  if (page !== '1') query.set('page', page);
  const search = query.toString();
  return localePath(target, 'blog') + (search ? `?${search}` : '');
}

/**
 * Same page in another language: swaps the prefix and keeps the rest of the path and the query
 * (a visa result, blog filters). The internal not-found page leads to the other language's home;
 * an internal listing page (what the server renders a rewritten `/blog` with) to its public URL.
 */
export function switchLocalePath(pathname: string, target: Locale, search: string = ''): string {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = isLocale(first) ? rest : [first, ...rest].filter(Boolean);
  if (tail.join('/') === NOT_FOUND_PATH) return localePath(target);
  if (tail[0] === STATIC_LISTING_SEGMENT) return publicListingPath(target, tail.slice(1));
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return localePath(target, tail.join('/')) + query;
}
