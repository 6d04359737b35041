import 'server-only';
import { apiError } from '@/lib/api/responses';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { verifySessionToken, type ChatSession } from './queries';

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;
const SESSION_ID = /^session_\d{10,16}_[a-f0-9]{6,32}$/;

/** The visitor's session if the bearer token is its own: 401 without a token, 403 otherwise. */
export async function authenticateVisitor(request: Request, id: string): Promise<{ session: ChatSession } | { response: Response }> {
  // The bearer token is never sent by a browser on its own; checked anyway, like every change.
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return { response: crossSite };
  const match = BEARER.exec(request.headers.get('authorization') ?? '');
  if (!match?.[1]) return { response: apiError(401, 'unauthorized', 'A session token is required.') };
  const session = SESSION_ID.test(id) ? await verifySessionToken({ id, token: match[1] }) : null;
  if (!session) return { response: apiError(403, 'forbidden', 'This token does not open this conversation.') };
  return { session };
}
