import 'server-only';
import { config } from '@/lib/config';
import { DOSSIER_COOKIE, SESSION_DAYS } from './access';

/** The cookie a spent link leaves: this browser only, HttpOnly, Lax (the link arrives from a mail client). */
export function sessionCookie(token: string): string {
  const secure = config.siteUrl.startsWith('https://') ? '; Secure' : '';
  return `${DOSSIER_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_DAYS * 86_400}${secure}`;
}

/** The session token a request carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DOSSIER_COOKIE) return value.join('=');
  }
  return undefined;
}
