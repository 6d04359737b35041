import 'server-only';
import { clientLimitKey, SHARED_CLIENT } from '@/lib/api/client-address';
import { findLiveOperatorSession } from '@/lib/auth/queries';
import { getChatSession } from './queries';
import { MAX_STREAMS_PER_CLIENT, MAX_STREAMS_PER_SESSION, operatorAccountKey, operatorSessionKey } from './stream-caps';

// The shared bucket (no trusted proxy) is every visitor at once: it gets no per-client cap.
const perClient = (request: Request) => {
  const client = clientLimitKey(request);
  return client === SHARED_CLIENT ? [] : [{ key: `client:${client}`, cap: MAX_STREAMS_PER_CLIENT }];
};

/** A visitor's stream: capped per conversation and per client, ended once the conversation is deleted. */
export function visitorStreamGuards(request: Request, sessionId: string) {
  return {
    caps: [{ key: `session:${sessionId}`, cap: MAX_STREAMS_PER_SESSION }, ...perClient(request)],
    stillAllowed: async () => (await getChatSession({ id: sessionId })) !== null,
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
    stillAllowed: async () => (await findLiveOperatorSession({ id: operatorSession.id, now: new Date() })) !== null,
  };
}
