// `npm run operator:revoke-sessions -- --email X`: logs the operator out everywhere (a lost
// laptop, a shared computer); the account stays usable with its password.
import { parseArgs } from 'node:util';
import { runCli } from './run';

const USAGE = 'Usage: npm run operator:revoke-sessions -- --email operator@example.com';

async function main() {
  const { checkEmail } = await import('@/lib/auth/operator-accounts');
  const { revokeAllOperatorSessions } = await import('@/lib/auth/queries');
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  const email = checkEmail(values.email);
  await openAppDatabase(config.database);
  try {
    const revoked = await revokeAllOperatorSessions({ email });
    if (revoked === null) throw new Error(`No operator with the e-mail ${email}.`);
    console.log(`${revoked} session(s) of ${email} revoked.`);
  } finally {
    await closeDb();
  }
}

void runCli('operator:revoke-sessions', main);
