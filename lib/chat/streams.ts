import 'server-only';
import { withDatabase } from '@/lib/api/database-errors';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { findOperatorOfRequest, unauthorized } from '@/lib/auth/operator-session';
import type { OperatorSession } from '@/lib/auth/operators';
import { listMessagesForReplay, MAX_REPLAYED_MESSAGES } from './admin-queries';
import { toMessageDto } from './dto';
import { enterConsole } from './presence';
import { listMessages } from './queries';
import { subscribeToChat } from './realtime';
import { readLastEventId, reserveStream, type SseOptions } from './sse';
import { visitorStreamRefusal } from './stream-ceiling';
import { operatorStreamGuards, visitorStreamGuards } from './stream-guards';
import { authenticateVisitor } from './visitor-auth';

/** A stream to open, or the answer that refuses it. */
export type StreamOpening = { options: SseOptions } | { response: Response };

/**
 * What a visitor's open stream keeps: built from plain values in a function of its own, so that its
 * closures do not hold the request (its headers, URL and signal) for the stream's lifetime.
 */
function visitorStreamOptions(id: string, operatorLastReadId: number, fromRequest: Pick<SseOptions, 'lastEventId' | 'caps' | 'liveness'>): SseOptions {
  return {
    ...fromRequest,
    replay: async (afterId) => (await listMessages({ sessionId: id, afterId, limit: MAX_REPLAYED_MESSAGES })).map(toMessageDto),
    subscribe: (listener) => subscribeToChat(listener, { sessionId: id }),
    // The operator's read marker as it stands: a reload shows the read receipt again.
    initial: [{ type: 'read', sessionId: id, reader: 'operator', lastReadId: operatorLastReadId }],
  };
}

/**
 * A visitor's stream of one conversation: refused at the process's ceiling (503, before any
 * database work), then the bearer token, then the conversation's messages from Last-Event-ID.
 */
export async function openVisitorStream(request: Request, id: string): Promise<StreamOpening> {
  const busy = visitorStreamRefusal();
  if (busy) return { response: busy };
  const reservation = reserveStream();
  const auth = await withDatabase('chat', async () => {
    const result = await authenticateVisitor(request, id);
    return 'response' in result ? result.response : result.session;
  });
  if (auth instanceof Response) {
    reservation();
    return { response: auth };
  }
  const fromRequest = { lastEventId: readLastEventId(request), ...visitorStreamGuards(request, id) };
  return { options: { ...visitorStreamOptions(id, auth.operatorLastReadId, fromRequest), reservation } };
}

/** The console's stream of every conversation's messages, for an operator already authenticated. */
export function consoleStreamOptions(request: Request, operator: OperatorSession): SseOptions {
  return {
    lastEventId: readLastEventId(request),
    replay: (afterId) => listMessagesForReplay({ afterId }),
    // Present only while subscribed: a stream that fails to start never counts as a watching operator.
    subscribe: async (listener) => {
      const unsubscribe = await subscribeToChat(listener);
      const leave = enterConsole();
      return () => {
        leave();
        unsubscribe();
      };
    },
    ...operatorStreamGuards(request, operator),
  };
}

/**
 * The console's stream outside Next's request scope, as withOperator guards it: same-origin, then
 * the cookie's live session (401 without), 503 when the database fails. Never refused at the ceiling.
 */
export async function openConsoleStream(request: Request): Promise<StreamOpening> {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return { response: crossSite };
  let opening: StreamOpening | undefined;
  const response = await withDatabase('admin', async () => {
    const operator = await findOperatorOfRequest(request);
    if (!operator) return unauthorized();
    opening = { options: consoleStreamOptions(request, operator) };
    return new Response(null);
  });
  if (opening) return opening;
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return { response };
}
