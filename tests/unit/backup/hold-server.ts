// The server's part for the backup tests, in its own process as in production: opens DATA_DIR as
// the start-up does (operator, migrations, the backup control socket, the event subscribers),
// seeds a few people, then keeps a chat load going (a visitor message every 20 ms through the chat's
// own code) and records how long each save took. Commands on standard input, one per line:
// "erase <address>" (the console's erasure), "totp <address>" (the operator turns on a second
// factor, as on the Sécurité page; the key is printed), "stats", "stop".
import { createInterface } from 'node:readline';
import { startBackupControl } from '@/lib/backup/server';
import { createChatSession, saveMessage } from '@/lib/chat/queries';
import { config } from '@/lib/config';
import { ensureFirstOperator } from '@/lib/auth/operators';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { submitLead } from '@/lib/leads/service';
import { addNote } from '@/lib/people/record-queries';
import { eraseSubject } from '@/lib/privacy/erasure';
import { wireSubscribers } from '@/lib/subscribers';
import { enrolTotp } from './operator-factors';

const say = (line: string) => process.stdout.write(`${line}\n`);
const saves: number[] = [];

async function seed() {
  for (const [name, email] of [
    ['Keep Person', 'keep@example.com'],
    ['Erase Person', 'erase@example.com'],
  ] as const) {
    const lead = await submitLead({ input: { name, email, message: `Bonjour, je suis ${name}.`, locale: 'fr', consent: true } as never, source: 'contact' });
    await addNote({ key: String(lead.personId), body: `Note sur ${name}`, operatorEmail: 'start.operator@example.com' });
  }
}

async function main() {
  wireSubscribers();
  await openAppDatabase(config.database);
  await ensureFirstOperator(config.operator);
  await startBackupControl(config.database.dataDir);
  await seed();
  const session = await createChatSession({ locale: 'fr', startPage: '/fr' });
  let running = true;
  let count = 0;
  const load = (async () => {
    while (running) {
      const started = performance.now();
      await saveMessage({ sessionId: session.id, sender: 'visitor', content: `message ${(count += 1)}` });
      saves.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })().catch((error: Error) => say(`load failed: ${error.message}`));
  const stats = () => {
    const sorted = [...saves].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    return JSON.stringify({ saved: saves.length, p99Ms: Math.round(p99), maxMs: Math.round(sorted.at(-1) ?? 0) });
  };
  say(`ready ${process.pid}`);
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, argument] = line.split(' ');
    if (command === 'erase') say(`erased ${JSON.stringify(await eraseSubject({ email: argument! }))}`);
    else if (command === 'totp') say(`totp ${await enrolTotp(argument!)}`);
    else if (command === 'stats') say(`stats ${stats()}`);
    else if (command === 'stop') break;
  }
  running = false;
  await load;
  say(`stats ${stats()}`);
  await closeDb();
  say('closed');
}

void main().catch((error: Error) => {
  console.error(error.stack);
  process.exit(1);
});
