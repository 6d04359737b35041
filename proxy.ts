import { NextResponse, type NextRequest } from 'next/server';
import { staticListingPath } from '@/lib/blog/static-listing';
import { contentSecurityPolicy, isConsolePath, newNonce } from '@/lib/csp';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { PLAN_PATH, planCacheControl } from '@/lib/plan/cache';
import { localePath, matchRoute, NOT_FOUND_PATH } from '@/lib/routes';

/**
 * The console's pages and server actions: a policy with a fresh nonce, on the request so that Next
 * puts the nonce on every script it renders (its pages are dynamic), and on the answer. Its API gets
 * a static policy from next.config.ts (lib/csp.ts).
 */
function withConsolePolicy(request: NextRequest) {
  const policy = contentSecurityPolicy({ kind: 'nonce', nonce: newNonce() });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isConsolePath(pathname)) return withConsolePolicy(request);
  const match = matchRoute(pathname);

  if (match.kind === 'root') {
    const locale = negotiateLocale(request.headers.get('accept-language'));
    const response = NextResponse.redirect(new URL(`/${locale}`, request.url), 307);
    response.headers.set('Vary', 'Accept-Language');
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  }
  if (match.kind === 'legacy') {
    return NextResponse.redirect(new URL(match.to, request.url), 301);
  }
  if (match.kind === 'not-found') {
    console.warn(`404 ${pathname}`);
    const url = request.nextUrl.clone();
    url.pathname = `/${match.locale}/${NOT_FOUND_PATH}`;
    return NextResponse.rewrite(url, { status: 404 });
  }
  if (match.kind === 'page' && pathname.replace(/\/$/, '') === localePath(match.locale, 'blog')) {
    // The listing without a search is prerendered: only `?q=` renders per request.
    const listing = staticListingPath(match.locale, request.nextUrl.searchParams);
    if (listing) {
      const url = request.nextUrl.clone();
      url.pathname = listing;
      url.search = '';
      return NextResponse.rewrite(url);
    }
  }
  if (match.kind === 'page' && pathname.replace(/\/$/, '') === localePath(match.locale, PLAN_PATH)) {
    // Rendered per request from its query, then cacheable until "today" changes (lib/plan/cache.ts).
    const response = NextResponse.next();
    response.headers.set('Cache-Control', planCacheControl(new Date()));
    return response;
  }
  return NextResponse.next();
}

export const config = {
  // Everything but Next's own assets and the API: the pages (locale, 404) and the console.
  matcher: ['/((?!_next/|api/).*)'],
};
