import 'server-only';
import { z } from 'zod';
import { emit } from '@/lib/events';
import { clearSecondFactor } from './factor-queries';
import { checkEmail } from './operator-accounts';
import { createOperator, disableOperatorAccount, revokeOperatorSessions } from './operators';
import { OPERATOR_ROLES } from './roles';
import { recordSecurity } from './security-record';
import { findOperatorRole } from './team-queries';

/**
 * What the command-line scripts do to operator accounts, in the script's own process (PostgreSQL,
 * or an embedded database no server holds) or in the running server's, through its control socket
 * (lib/control/socket.ts). Each ends the sessions concerned and their streams at once, and is on
 * the audit trail as done from the command line.
 */
export const operatorCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('add'), email: z.string().max(254), password: z.string().max(1024), role: z.enum(OPERATOR_ROLES).optional() }),
  z.object({ command: z.enum(['disable', 'revoke-sessions', 'reset-mfa']), email: z.string().max(254) }),
]);
export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

const COMMAND_LINE = { operatorId: null, email: null, sessionId: null };
const noSuchOperator = (email: string) => new Error(`No operator with the e-mail ${email}.`);

/** Runs one command; the line it prints. Throws an Error whose message says what went wrong. */
export async function runOperatorCommand(input: OperatorCommand): Promise<string> {
  const email = checkEmail(input.email);
  const record = (action: Parameters<typeof recordSecurity>[0]['action'], detail?: Record<string, string | number>) =>
    recordSecurity({ action, actor: COMMAND_LINE, address: 'command line', target: `operator:${email}`, detail });
  switch (input.command) {
    case 'add': {
      const operator = await createOperator({ email, password: input.password, role: input.role });
      const role = (await findOperatorRole({ id: operator.id })) ?? 'agent';
      await record('operator_added', { role });
      return `Operator ${operator.email} created (${role}).`;
    }
    case 'revoke-sessions': {
      const revoked = await revokeOperatorSessions({ email });
      if (revoked === null) throw noSuchOperator(email);
      await record('session_ended', { sessions: revoked });
      return `${revoked} session(s) of ${email} revoked.`;
    }
    case 'disable': {
      const result = await disableOperatorAccount({ email });
      if (!result) throw noSuchOperator(email);
      await record('operator_disabled', { sessions: result.revoked });
      return `Operator ${email} disabled; ${result.revoked} session(s) revoked.`;
    }
    case 'reset-mfa': {
      const operatorId = await clearSecondFactor({ email });
      if (operatorId === null) throw noSuchOperator(email);
      await emit('operator.sessions.ended', { operatorId });
      await record('mfa_reset');
      return `Second factor of ${email} removed, sessions ended: the next sign-in asks for a new one.`;
    }
  }
}

/** The control socket's handler: a request checked, run, answered. */
export async function answerControlRequest(request: unknown) {
  const parsed = operatorCommandSchema.safeParse(request);
  if (!parsed.success) return { ok: false as const, message: 'Unknown command.' };
  try {
    return { ok: true as const, message: await runOperatorCommand(parsed.data) };
  } catch (error) {
    return { ok: false as const, message: error instanceof Error ? error.message.split('\nparams:')[0]! : 'Failed.' };
  }
}
