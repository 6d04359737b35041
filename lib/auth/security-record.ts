import 'server-only';
import { clientAddress } from '@/lib/api/client-address';
import { emit, type SecurityAction } from '@/lib/events';

type Actor = { operatorId: number | null; email: string | null; sessionId: string | null };

/**
 * One entry of the audit trail about the console's door (lib/events `operator.security`, recorded
 * by its subscriber): who, from which address and session, what, on what. Awaited, so that the
 * answer comes once it is written.
 */
export function recordSecurity({
  action,
  actor,
  request,
  address,
  target = null,
  detail,
}: {
  action: SecurityAction;
  actor: Actor;
  request?: Request | null;
  address?: string | null;
  target?: string | null;
  detail?: Record<string, string | number | boolean>;
}): Promise<void> {
  const from = address ?? (request ? clientAddress(request) : null);
  return emit('operator.security', { action, actor: { ...actor, address: from }, target, ...(detail ? { detail } : {}) });
}
