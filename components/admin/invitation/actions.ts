'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit';
import { requestActor } from '@/lib/auth/audit-actor';
import { done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import { acceptInvitation } from '@/lib/auth/team';
import { describeError } from '@/lib/log/describe-error';

// Anyone with the link may call this: the token is the proof (256 bits, spent once), and a token
// that opens nothing is answered before any password is hashed.

const inputSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/), password: z.string().max(1024) });

/** Sets the invited operator's password and spends the link; the journal names the operator. */
export async function setInvitedPassword(token: unknown, password: unknown): Promise<ActionResult<{ email: string }>> {
  const input = inputSchema.safeParse({ token, password });
  if (!input.success) return refuse(404, 'invitation_invalid');
  try {
    const used = await acceptInvitation(input.data);
    if (!used.ok) return used.code === 'password_too_short' ? refuse(400, used.code, { password: used.code }) : refuse(404, used.code);
    const actor = requestActor(new Request('http://console.invalid/', { headers: new Headers(await headers()) }));
    await recordAudit({ action: 'operator_invitation_used', actor: { ...actor, operatorId: used.id, email: used.email }, target: `operator:${used.id}` });
    return done({ email: used.email });
  } catch (error) {
    console.error(`[invitation] ${describeError(error)}`);
    return refuse(503, 'unavailable');
  }
}
