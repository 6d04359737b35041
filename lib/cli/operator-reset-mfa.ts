// `npm run operator:reset-mfa -- --email X`: a lost phone. The operator's TOTP key, passkeys and
// recovery codes are removed and its sessions end; the next sign-in with the password asks for a
// new second factor at once. Works while the server runs (lib/cli/operator-command.ts).
import { parseArgs } from 'node:util';
import { runOperatorCommandLine } from './operator-command';
import { runCli } from './run';

const USAGE = 'Usage: npm run operator:reset-mfa -- --email X';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  await runOperatorCommandLine({ command: 'reset-mfa', email: values.email });
}

void runCli('operator:reset-mfa', main);
