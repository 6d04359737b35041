// `npm run operator:disable -- --email X`: the operator can no longer log in, and every session it
// has open is revoked at once (its console is refused from the next request; its event streams end
// at once on every instance sharing DATABASE_URL).
// `npm run operator:revoke-sessions -- --email X` (this file with `--revoke-only`): logs the
// operator out everywhere (a lost laptop) and leaves the account usable with its password.
// Both work while the server runs, on the embedded database too (lib/cli/operator-command.ts).
import { parseArgs } from 'node:util';
import { runOperatorCommandLine } from './operator-command';
import { runCli } from './run';

const USAGE = 'Usage: npm run operator:disable -- --email X | npm run operator:revoke-sessions -- --email X';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, 'revoke-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  await runOperatorCommandLine({ command: values['revoke-only'] ? 'revoke-sessions' : 'disable', email: values.email });
}

void runCli('operator:disable', main);
