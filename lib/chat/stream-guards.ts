import 'server-only';
import { clientAddress, SHARED_CLIENT } from '@/lib/api/client-address';
import { findLiveOperatorSession } from '@/lib/auth/queries';
import { getChatSession } from './queries';
import { MAX_STREAMS_PER_CLIENT, MAX_STREAMS_PER_SESSION } from './stream-caps';

// The shared bucket (no trusted proxy) is every visitor at once: it gets no per-client cap.
const perClient = (request: Request) => {
  const client = clientAddress(request);
  return client === SHARED_CLIENT ? [] : [{ key: `client:${client}`, cap: MAX_STREAMS_PER_CLIENT }];
};

/** A visitor's stream: capped per conversation and per client, ended once the conversation is deleted. */
export function visitorStreamGuards(request: Request, sessionId: string) {
  return {
    caps: [{ key: `session:${sessionId}`, cap: MAX_STREAMS_PER_SESSION }, ...perClient(request)],
    stillAllowed: async () => (await getChatSession({ id: sessionId })) !== null,
  };
}

/** The console's stream: capped per operator session and client, ended on logout, revocation, disabling or expiry. */
export function operatorStreamGuards(request: Request, operatorSession: { id: string }) {
  return {
    caps: [{ key: `operator:${operatorSession.id}`, cap: MAX_STREAMS_PER_SESSION }, ...perClient(request)],
    stillAllowed: async () => (await findLiveOperatorSession({ id: operatorSession.id, now: new Date() })) !== null,
  };
}
