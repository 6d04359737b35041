import 'server-only';
import { clientLimitKey, SHARED_CLIENT } from '@/lib/api/client-address';
import { listLiveOperatorSessionIds } from '@/lib/auth/queries';
import { listExistingChatSessionIds } from './queries';
import { MAX_STREAMS_PER_CLIENT, MAX_STREAMS_PER_SESSION, operatorAccountKey, operatorSessionKey } from './stream-caps';

// The shared bucket (no trusted proxy) is every visitor at once: it gets no per-client cap.
const perClient = (request: Request) => {
  const client = clientLimitKey(request);
  return client === SHARED_CLIENT ? [] : [{ key: `client:${client}`, cap: MAX_STREAMS_PER_CLIENT }];
};

const existingConversations = (ids: string[]) => listExistingChatSessionIds({ ids });
// The app's clock decides, as it set expires_at: the database may run elsewhere.
const liveOperatorSessions = (ids: string[]) => listLiveOperatorSessionIds({ ids, now: new Date() });

/** A visitor's stream: capped per conversation and per client, ended once the conversation is deleted. */
export function visitorStreamGuards(request: Request, sessionId: string) {
  return {
    caps: [{ key: `session:${sessionId}`, cap: MAX_STREAMS_PER_SESSION }, ...perClient(request)],
    liveness: { key: sessionId, check: existingConversations },
  };
}

/**
 * The console's stream: capped per operator session and client. Logout, revocation and disabling
 * end it at once (lib/chat/session-ends.ts); the heartbeat's check catches expiry and any end missed.
 */
export function operatorStreamGuards(request: Request, operatorSession: { id: string; operatorId: number }) {
  return {
    caps: [
      { key: operatorSessionKey(operatorSession.id), cap: MAX_STREAMS_PER_SESSION },
      // Not a cap: the account's streams are listed so that revoking or disabling it ends them all.
      { key: operatorAccountKey(operatorSession.operatorId), cap: Infinity },
      ...perClient(request),
    ],
    liveness: { key: operatorSession.id, check: liveOperatorSessions },
  };
}
