import 'server-only';
import { headers } from 'next/headers';
import { clientAddress } from '@/lib/api/client-address';
import type { AuditActor, OperatorActor } from '@/lib/audit';
import type { OperatorSession } from './operators';

/**
 * Who acts, for the journal (lib/audit): the operator's id and e-mail as they are now, the stored
 * session id (recordAudit keeps its first characters) and the client address the rate limits
 * count (lib/api/client-address.ts).
 */
export function auditActor(operator: OperatorSession, request: Request): OperatorActor {
  return { operatorId: operator.operatorId, email: operator.email, sessionId: operator.id, address: clientAddress(request) };
}

/** A request without a session (a failed sign-in): its address alone; the caller may add the operator it names. */
export function requestActor(request: Request): AuditActor {
  return { operatorId: null, email: null, sessionId: null, address: clientAddress(request) };
}

/**
 * auditActor inside a server action or a server component, which get the request's headers, not
 * the request; called outside any request (a script, a test), the address is unknown (null).
 */
export async function currentAuditActor(operator: OperatorSession): Promise<OperatorActor> {
  const incoming = await Promise.resolve()
    .then(() => headers())
    .catch(() => null);
  if (!incoming) return { operatorId: operator.operatorId, email: operator.email, sessionId: operator.id, address: null };
  return auditActor(operator, new Request('http://console.invalid/', { headers: new Headers(incoming) }));
}
