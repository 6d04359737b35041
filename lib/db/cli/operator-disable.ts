// `npm run operator:disable -- --email X`: the operator can no longer log in, and every session
// it has open is revoked at once (its console and event stream are refused from the next request).
import { parseArgs } from 'node:util';
import { runCli } from './run';

const USAGE = 'Usage: npm run operator:disable -- --email operator@example.com';

async function main() {
  const { checkEmail } = await import('@/lib/auth/operator-accounts');
  const { disableOperator } = await import('@/lib/auth/queries');
  const { config } = await import('@/lib/config');
  const { closeDb, openAppDatabase } = await import('@/lib/db/client');
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  const email = checkEmail(values.email);
  await openAppDatabase(config.database);
  try {
    const result = await disableOperator({ email });
    if (!result) throw new Error(`No operator with the e-mail ${email}.`);
    console.log(`Operator ${email} disabled; ${result.revoked} session(s) revoked.`);
  } finally {
    await closeDb();
  }
}

void runCli('operator:disable', main);
