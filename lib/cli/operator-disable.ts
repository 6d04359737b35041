// `npm run operator:disable -- --email X`: the operator can no longer log in, and every session it
// has open is revoked at once (its console is refused from the next request; its event streams end
// at once on every instance sharing DATABASE_URL).
// `npm run operator:revoke-sessions -- --email X` (this file with `--revoke-only`): logs the
// operator out everywhere (a lost laptop) and leaves the account usable with its password.
import { parseArgs } from 'node:util';
import { runCli } from './run';

const USAGE = 'Usage: npm run operator:disable -- --email X | npm run operator:revoke-sessions -- --email X';

async function main() {
  const { checkEmail } = await import('@/lib/auth/operator-accounts');
  const { disableOperatorAccount, revokeOperatorSessions } = await import('@/lib/auth/operators');
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  // The sessions' push devices are removed and their streams told to end by the subscribers of
  // `operator.sessions.ended`, as in the server.
  const { wireSubscribers } = await import('@/lib/subscribers');
  wireSubscribers();
  const { values } = parseArgs({ options: { email: { type: 'string' }, 'revoke-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  const email = checkEmail(values.email);
  await openAppDatabase(config.database);
  try {
    if (values['revoke-only']) {
      const revoked = await revokeOperatorSessions({ email });
      if (revoked === null) throw new Error(`No operator with the e-mail ${email}.`);
      return console.log(`${revoked} session(s) of ${email} revoked.`);
    }
    const result = await disableOperatorAccount({ email });
    if (!result) throw new Error(`No operator with the e-mail ${email}.`);
    console.log(`Operator ${email} disabled; ${result.revoked} session(s) revoked.`);
  } finally {
    await closeDb();
  }
}

void runCli('operator:disable', main);
