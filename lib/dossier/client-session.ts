import 'server-only';
import { config } from '@/lib/config';
import { DOSSIER_COOKIE, SECURE_DOSSIER_COOKIE, SESSION_DAYS } from './access';

/** HTTPS promised by SITE_URL, seen directly, or through the proxy's X-Forwarded-Proto (as the operator cookie decides). */
export function isSecureRequest(request: Request): boolean {
  if (config.siteUrl.startsWith('https://')) return true;
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The cookie a spent link leaves: this browser only, HttpOnly, Lax (the client comes back from a
 * mail client's link). Over HTTPS it is `__Host-` and Secure; plain HTTP (development, the tests on
 * localhost) gets the bare name, which a browser would otherwise refuse.
 */
export function sessionCookie(token: string, { secure }: { secure: boolean }): string {
  const name = secure ? SECURE_DOSSIER_COOKIE : DOSSIER_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_DAYS * 86_400}${secure ? '; Secure' : ''}`;
}

/** The names a session may be read from: with an https SITE_URL only the `__Host-` one, which no other host or plain-HTTP page can plant. */
export const readableCookieNames = (): string[] => (config.siteUrl.startsWith('https://') ? [SECURE_DOSSIER_COOKIE] : [SECURE_DOSSIER_COOKIE, DOSSIER_COOKIE]);

/** The session token in a cookie store (Next's `cookies()`), if any. */
export function sessionTokenIn(store: { get: (name: string) => { value: string } | undefined }): string | undefined {
  for (const name of readableCookieNames()) {
    const value = store.get(name)?.value;
    if (value) return value;
  }
  return undefined;
}

/** The session token a request carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  const pairs = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name && !pairs.has(name)) pairs.set(name, value.join('='));
  }
  return sessionTokenIn({ get: (name) => (pairs.has(name) ? { value: pairs.get(name)! } : undefined) });
}
