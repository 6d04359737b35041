// `npm run operator:add -- --email you@example.com [--role agent|admin]`: creates an operator
// account (an admin when no admin exists yet, else an agent unless `--role admin`). The password
// is typed at a hidden prompt, or read from the first line of standard input when piped.
import { parseArgs } from 'node:util';
import { runOperatorCommandLine } from './operator-command';
import { runCli } from './run';

const USAGE =
  'Usage: npm run operator:add -- --email you@example.com [--role agent|admin]\n' +
  '  The first admin is the first account; after it, an account is an agent unless --role admin.\n' +
  '  The password (12 characters or more) is asked for, or read from standard input:\n' +
  '  printf \'%s\\n\' "$PASSWORD" | npm run operator:add -- --email you@example.com';

function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stderr.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function readPassword(checkPassword: (password: string) => void): Promise<string> {
  if (process.stdin.isTTY) {
    const password = await promptHidden('Password: ');
    checkPassword(password);
    if ((await promptHidden('Repeat the password: ')) !== password) {
      throw new Error('The two passwords differ.');
    }
    return password;
  }
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  const password = text.split(/\r?\n/)[0] ?? '';
  if (password === '') throw new Error(`No password on standard input.\n${USAGE}`);
  checkPassword(password);
  return password;
}

async function main() {
  // Imported inside: an invalid variable then ends as one line naming it, not a stack trace.
  const { checkEmail, checkPassword } = await import('@/lib/auth/operator-accounts');
  const { isOperatorRole } = await import('@/lib/auth/roles');
  const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log(USAGE);
  if (!values.email) throw new Error(`Missing --email.\n${USAGE}`);
  if (values.role !== undefined && !isOperatorRole(values.role)) throw new Error(`--role is agent or admin, not "${values.role}".\n${USAGE}`);
  const email = checkEmail(values.email);
  const password = await readPassword(checkPassword);
  // Through the running server when it holds the embedded database (lib/cli/operator-command.ts).
  await runOperatorCommandLine({ command: 'add', email, password, role: values.role });
}

void runCli('operator:add', main);
