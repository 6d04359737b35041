import { isLocale, type Locale } from '@/lib/i18n/routing';

/** Every localized page path, without the language prefix ('' is the home page). */
export const PAGE_PATHS = ['', 'services', 'visa-finder', 'blog', 'about', 'contact', 'privacy'] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

/** Pages a no-JavaScript contact form lands on: reachable, but kept out of the sitemap. */
export const CONTACT_STATUS_PATHS = ['contact/thanks', 'contact/invalid', 'contact/busy'] as const;

/** Internal page the proxy rewrites unknown paths to, answered with status 404. */
export const NOT_FOUND_PATH = 'page-not-found';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PUBLIC_FILE = /^\/(?:robots\.txt|sitemap\.xml|favicon\.ico|icon\.svg|apple-icon\.png|images\/.+)$/;
const LOCALE_FILE = /^\/(?:blog\/feed\.xml)$/;

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
  | { kind: 'root' }
  | { kind: 'legacy'; to: string }
  | { kind: 'file' }
  | { kind: 'page'; locale: Locale }
  | { kind: 'not-found'; locale: Locale };

/** Classifies a request path against the site's route table. */
export function matchRoute(pathname: string): RouteMatch {
  if (pathname === '/' || pathname === '') return { kind: 'root' };
  if (PUBLIC_FILE.test(pathname)) return { kind: 'file' };
  const legacy = LEGACY_PATHS[pathname.replace(/\/$/, '')];
  if (legacy) return { kind: 'legacy', to: legacy };
  const [, first = '', ...rest] = pathname.split('/');
  if (!isLocale(first)) return { kind: 'not-found', locale: 'fr' };
  const locale = first;
  const inner = rest.join('/').replace(/\/$/, '');
  if (LOCALE_FILE.test(`/${inner}`)) return { kind: 'file' };
  if (([...PAGE_PATHS, ...CONTACT_STATUS_PATHS] as readonly string[]).includes(inner)) return { kind: 'page', locale };
  const [section, slug, ...extra] = rest;
  if (section === 'blog' && slug && extra.length === 0 && SLUG.test(slug)) return { kind: 'page', locale };
  return { kind: 'not-found', locale };
}

/** `/fr/services`-style href that keeps the language prefix. */
export function localePath(locale: Locale, path: string = ''): string {
  const clean = path.replace(/^\/+/, '');
  return clean ? `/${locale}/${clean}` : `/${locale}`;
}

/** Same page in another language: swaps the prefix and keeps the rest of the path. */
export function switchLocalePath(pathname: string, target: Locale): string {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = isLocale(first) ? rest : [first, ...rest].filter(Boolean);
  return localePath(target, tail.join('/'));
}
