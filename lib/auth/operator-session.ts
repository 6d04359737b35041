import 'server-only';
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { withDatabase } from '@/lib/api/database-errors';
import { config } from '@/lib/config';
import { apiError } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { createOperatorSession, findOperatorSession, OPERATOR_SESSION_TTL_MS, revokeOperatorSession, type OperatorSession } from './operators';
import { getSessionSecret } from './session-secret';

export const OPERATOR_COOKIE = 'operator_session';
/** Over HTTPS: the browser then only accepts it Secure, for the whole host, never a parent domain. */
export const SECURE_OPERATOR_COOKIE = `__Host-${OPERATOR_COOKIE}`;

/** The cookie carries only the id of a server-side session, which logout revokes. */
type CookieData = { sid?: unknown };
type CookieStore = Awaited<ReturnType<typeof cookies>>;

/** HTTPS seen directly, through a proxy's X-Forwarded-Proto, or promised by SITE_URL. */
export function isSecureRequest(request: Request, siteUrl: string = config.siteUrl): boolean {
  if (siteUrl?.trim().startsWith('https://')) return true;
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

export function operatorCookieOptions({ secure }: { secure: boolean }) {
  return { httpOnly: true, sameSite: 'strict', secure, path: '/' } as const;
}

function sessionOptions({ secure }: { secure: boolean }): SessionOptions {
  return {
    cookieName: secure ? SECURE_OPERATOR_COOKIE : OPERATOR_COOKIE,
    password: getSessionSecret(),
    ttl: OPERATOR_SESSION_TTL_MS / 1000,
    cookieOptions: operatorCookieOptions({ secure }),
  };
}

/** Where the cookie is read from: Next's cookie store, or a request outside Next's request scope. */
interface CookieSource {
  has: (name: string) => boolean;
  open: (options: SessionOptions) => Promise<CookieData>;
}

async function readCookieSessionId(source: CookieSource): Promise<string | null> {
  const secure = source.has(SECURE_OPERATOR_COOKIE);
  if (!secure && !source.has(OPERATOR_COOKIE)) return null;
  const options = sessionOptions({ secure });
  try {
    const session = await source.open(options);
    return typeof session.sid === 'string' ? session.sid : null;
  } catch {
    // A cookie that doesn't unseal (forged, truncated, old secret) is no session at all.
    return null;
  }
}

/** The operator behind the request's cookie; null when absent, revoked or expired. */
export async function getCurrentOperator(): Promise<OperatorSession | null> {
  const store: CookieStore = await cookies();
  const sid = await readCookieSessionId({ has: (name) => store.get(name) !== undefined, open: (options) => getIronSession<CookieData>(store, options) });
  return sid ? findOperatorSession({ id: sid }) : null;
}

/** The same, for a request served outside Next's request scope (the event streams, lib/chat/stream-server.ts). */
export async function findOperatorOfRequest(request: Request): Promise<OperatorSession | null> {
  const names = new Set((request.headers.get('cookie') ?? '').split(';').map((pair) => pair.split('=')[0]!.trim()));
  const sid = await readCookieSessionId({
    has: (name) => names.has(name),
    open: (options) => getIronSession<CookieData>(request, new Response(), options),
  });
  return sid ? findOperatorSession({ id: sid }) : null;
}

export async function signInOperator({ request, operatorId }: { request: Request; operatorId: number }): Promise<void> {
  const { id } = await createOperatorSession({ operatorId });
  const session = await getIronSession<CookieData>(await cookies(), sessionOptions({ secure: isSecureRequest(request) }));
  session.sid = id;
  await session.save();
}

export async function signOutOperator({ request, sessionId }: { request: Request; sessionId: string }): Promise<void> {
  await revokeOperatorSession({ id: sessionId });
  const session = await getIronSession<CookieData>(await cookies(), sessionOptions({ secure: isSecureRequest(request) }));
  session.destroy();
}

export function unauthorized(): Response {
  return apiError(401, 'unauthorized', 'Log in as an operator first.');
}

type OperatorHandler<P> = (args: { request: Request; operator: OperatorSession; params: P }) => Promise<Response>;

/**
 * The one guard of /api/admin/*: 401 without a live operator session, 503 when the database
 * (or anything behind it) fails; input errors are answered by the handler itself.
 */
export function withOperator<P extends Record<string, string | string[]> = Record<string, never>>(handler: OperatorHandler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const params = await context.params;
    const crossSite = crossSiteRefusal(request);
    if (crossSite) return crossSite;
    const response = await withDatabase('admin', async () => {
      const operator = await getCurrentOperator();
      if (!operator) return unauthorized();
      return handler({ request, operator, params });
    });
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
    return response;
  };
}
