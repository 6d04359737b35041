import 'server-only';
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { withDatabase } from '@/lib/api/database-errors';
import { config } from '@/lib/config';
import { apiError } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { clientAddress } from '@/lib/api/client-address';
import { readKnownDevice, rememberDevice } from './known-device';
import { markOperatorSessionRevoked } from './queries';
import {
  createOperatorSession,
  findOperatorSession,
  findSignInState,
  OPERATOR_SESSION_TTL_MS,
  revokeOperatorSession,
  type OperatorSession,
  type SignInState,
} from './operators';
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
  const sid = await readCookieSessionId(cookieSource(await cookies()));
  return sid ? findOperatorSession({ id: sid }) : null;
}

const cookieSource = (store: CookieStore): CookieSource => ({
  has: (name) => store.get(name) !== undefined,
  open: (options) => getIronSession<CookieData>(store, options),
});

/** The same, for a request served outside Next's request scope (the event streams, lib/chat/stream-server.ts). */
export async function findOperatorOfRequest(request: Request): Promise<OperatorSession | null> {
  const names = new Set((request.headers.get('cookie') ?? '').split(';').map((pair) => pair.split('=')[0]!.trim()));
  const sid = await readCookieSessionId({
    has: (name) => names.has(name),
    open: (options) => getIronSession<CookieData>(request, new Response(), options),
  });
  return sid ? findOperatorSession({ id: sid }) : null;
}

/** The live session behind the request's cookie with what it may do (see SessionAccess); null without one. */
export async function getSignInState(): Promise<SignInState | null> {
  const sid = await readCookieSessionId(cookieSource(await cookies()));
  return sid ? findSignInState({ id: sid }) : null;
}

/**
 * Opens a session for the operator (the cookie carries its id). With `secondFactor`, the session
 * has every factor and this browser is remembered as one of the operator's own (known-device.ts).
 */
export async function signInOperator({
  request,
  operatorId,
  secondFactor = false,
}: {
  request: Request;
  operatorId: number;
  secondFactor?: boolean;
}): Promise<{ id: string }> {
  const origin = { userAgent: request.headers.get('user-agent'), address: clientAddress(request) };
  const { id } = await createOperatorSession({ operatorId, secondFactor, origin });
  const store = await cookies();
  const secure = isSecureRequest(request);
  const session = await getIronSession<CookieData>(store, sessionOptions({ secure }));
  session.sid = id;
  await session.save();
  if (secondFactor) await rememberDevice(store, { operatorId, secure });
  return { id };
}

/**
 * The second factor given: the password-only session ends and a new one, with a new id, takes its
 * place (a session id seen before the second factor opens nothing after it).
 */
export async function completeSignIn({ request, state }: { request: Request; state: SignInState }): Promise<void> {
  await markOperatorSessionRevoked({ id: state.session.id });
  await signInOperator({ request, operatorId: state.session.operatorId, secondFactor: true });
}

/** This browser is one of the operator's own from now on (its logins take the lane strangers cannot fill). */
export async function rememberBrowser({ request, operatorId }: { request: Request; operatorId: number }): Promise<void> {
  await rememberDevice(await cookies(), { operatorId, secure: isSecureRequest(request) });
}

/** The browser that just signed in, as the login throttle reads it. */
export async function currentKnownDevice() {
  // Outside a request's scope (a route handler called directly) there is no browser to know.
  let store: CookieStore;
  try {
    store = await cookies();
  } catch {
    return null;
  }
  return readKnownDevice(store);
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
