// `node tests/support/side-by-side.mjs 'npm run test:unit' 'npm run build:test'`: runs the commands at
// once and fails when any fails. The first one prints as it goes; the others' output is held and
// printed, each under its command, once all have ended, so that no two logs interleave. npm test
// runs the unit tests beside the test build this way: the build leaves a core idle through its
// single-threaded phases, and the two together take little more than the unit tests alone (136 s
// against 174 s one after the other on the two-core machine, where the unit tests alone keep the
// two cores 89 % busy).
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: side-by-side.mjs COMMAND [COMMAND ...]');
  process.exit(2);
}

const run = (command, index) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: index === 0 ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        command,
        failed: code !== 0,
        how: signal ?? `exit ${code}`,
        seconds: ((Date.now() - started) / 1000).toFixed(0),
        output: Buffer.concat(held).toString(),
      }),
    );
  });

const results = await Promise.all(commands.map(run));
for (const result of results.slice(1)) process.stdout.write(`\n--- ${result.command} (ran beside ${commands[0]})\n${result.output}`);
for (const result of results) console.log(`--- ${result.command}: ${result.failed ? `FAILED (${result.how})` : 'passed'} in ${result.seconds} s`);
process.exit(results.some((result) => result.failed) ? 1 : 0);
