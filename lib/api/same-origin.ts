import { config } from '@/lib/config';
import { ApiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this server answers as: SITE_URL, and the Host the request itself was sent to. */
function ownOrigins(request: Request): string[] {
  const origins = [new URL(config.siteUrl).origin];
  const host = request.headers.get('host');
  if (host) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim() || new URL(request.url).protocol.replace(':', '');
    origins.push(`${proto}://${host}`.toLowerCase());
  }
  return origins;
}

/**
 * CSRF check for state-changing requests, on top of SameSite=Strict. A browser says where the
 * request comes from: `Sec-Fetch-Site` (every current browser, on trustworthy origins) must be
 * `same-origin` (or `none`, typed by the user), else `Origin` must be one of ours. A request
 * with neither header is no browser's (curl, server-to-server, the tests' fetch): CSRF needs a
 * victim's browser, so such a request is let through and judged by its credentials alone.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  const origin = request.headers.get('origin')?.trim().toLowerCase();
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return null;
  } else if (origin === undefined || ownOrigins(request).includes(origin)) {
    return null;
  }
  return new ApiError(403, 'cross_origin', 'Requests from another site are refused.').toResponse();
}
