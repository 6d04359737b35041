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

async function visitorSessionOf(request: Request, id: string) {
  const result = await authenticateVisitor(request, id);
  return 'response' in result ? result.response : result.session;
}

// No closure of the two openings below names the request: the bundler inlines the small functions
// above into them, and V8 gives every closure of one function the same context, so a closure that
// named it (the database guard's callback) kept each stream's request, ~2.7 KB, for the stream's
// lifetime (tests/perf/heap-diff.mjs: _Request, its Headers, URL and signal, one per stream). The
// guarded calls are therefore bound functions, not closures.

/**
 * A visitor's stream of one conversation: refused at the process's ceiling (503, before any
 * database work), then the bearer token, then the conversation's messages from Last-Event-ID.
 */
export async function openVisitorStream(request: Request, id: string): Promise<StreamOpening> {
  const busy = visitorStreamRefusal();
  if (busy) return { response: busy };
  const reservation = reserveStream();
  const auth = await withDatabase('chat', visitorSessionOf.bind(null, request, id));
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

async function consoleOpeningOf(request: Request): Promise<StreamOpening> {
  const operator = await findOperatorOfRequest(request);
  return operator ? { options: consoleStreamOptions(request, operator) } : { response: noStore(unauthorized()) };
}

function noStore(response: Response): Response {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * The console's stream outside Next's request scope, as withOperator guards it: same-origin, then
 * the cookie's live session (401 without), 503 when the database fails. Never refused at the ceiling.
 */
export async function openConsoleStream(request: Request): Promise<StreamOpening> {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return { response: crossSite };
  const opening = await withDatabase<StreamOpening>('admin', consoleOpeningOf.bind(null, request));
  // A Response: the database failed (withDatabase's 503).
  return opening instanceof Response ? { response: noStore(opening) } : opening;
}
