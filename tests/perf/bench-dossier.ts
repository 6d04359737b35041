// `npm run bench:dossier`: ten clients upload a 20 MB document each at the same moment to the
// production build (`npm run build` or `npm run build:test` first) on the embedded database, while
// a visitor reads a public page. Seeds ten dossiers (each with its client's browser session) into a
// fresh PGlite folder, starts `next start` on it with the flags of `npm start`, then measures:
// the page's p50/p99 alone and during the uploads, each upload's answer and time, the server's
// resident memory (VmRSS, sampled every 50 ms) before and at its peak, and the files stored.
// Then `npm run data:backup` and `npm run data:verify` against the running server, before the uploads
// (no file) and after them (the ten files), each process's peak resident memory sampled the same
// way: the files are streamed into the backup, so its memory should not grow with them.
// BENCH_CLIENT_MBPS sends each upload at a phone's upstream rate instead of as fast as the loopback goes.
// Fails when an upload is not stored or the peak passes 500 MB. Not a test: figures for a closing note.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withNextServer } from './next-server.mjs';
import { cpuSeconds, rssMb } from './proc';

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const BYTES = Number(process.env.BENCH_FILE_BYTES ?? 20_000_000);
const PAGE = process.env.BENCH_PAGE ?? '/fr/privacy';
const LIMIT_MB = 500;
// Each client's upstream in megabits per second, as a phone sends (unset: as fast as the loopback
// takes it, every upload at once on the server's CPU: the worst case, not a phone's).
const CLIENT_MBPS = process.env.BENCH_CLIENT_MBPS ? Number(process.env.BENCH_CLIENT_MBPS) : null;

/** `bytes` as a request body sent at `mbps`, 64 KB at a time (or all at once when `mbps` is null). */
function paced(bytes: Buffer, mbps: number | null): Buffer | ReadableStream<Uint8Array> {
  if (mbps === null) return bytes;
  const piece = 64 * 1024;
  const started = performance.now();
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= bytes.length) return controller.close();
      const due = started + ((sent * 8) / (mbps * 1e6)) * 1000;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      controller.enqueue(bytes.subarray(sent, sent + piece));
      sent += piece;
    },
  });
}

const root = mkdtempSync(path.join(tmpdir(), 'bench-dossier-'));
const dataDir = path.join(root, 'data');
const BACKUP_ENV = { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups'), BACKUP_KEY: 'a bench passphrase long enough for scrypt' };

async function seed() {
  const { openAppDatabase, closeDb } = await import('@/lib/db/client');
  const { saveLead } = await import('@/lib/leads/queries');
  const { insertDossier, getDossierRows } = await import('@/lib/dossier/queries');
  const { createLink, spendLink } = await import('@/lib/dossier/access');
  await openAppDatabase({ dataDir, databaseUrl: undefined });
  const clients: { cookie: string; itemId: number }[] = [];
  for (let n = 0; n < CLIENTS; n += 1) {
    const email = `bench${n}@example.com`;
    const lead = await saveLead({
      source: 'visa',
      name: `Client ${n}`,
      email,
      phone: null,
      message: 'bench',
      locale: 'de',
      details: null,
      consentAt: new Date(),
    });
    const dossier = await insertDossier({
      personId: lead.personId,
      input: { permit: 'premium_visa', nationality: 'Allemagne', locale: 'de', targetDate: '2027-06-01', email },
      operatorEmail: 'bench@example.com',
    });
    const spent = await spendLink({ token: await createLink({ dossierId: Number(dossier.id) }) });
    if (!spent.ok) throw new Error('link not spent');
    const rows = await getDossierRows({ id: Number(dossier.id) });
    clients.push({ cookie: `dossier_session=${spent.sessionToken}`, itemId: Number(rows!.items[1]!.id) });
  }
  await closeDb();
  return clients;
}

/** Runs an npm script to its end, sampling its processes' resident memory (tsx and node) every 50 ms. */
function runScript(script: string, serverPid: number) {
  return new Promise<{ code: number | null; peakMb: number; serverPeakMb: number; ms: number; output: string }>((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { env: { ...process.env, ...BACKUP_ENV }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let peakMb = 0;
    let serverPeakMb = 0;
    const tree = (pid: number): number[] => {
      try {
        const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
        return [pid, ...children.flatMap(tree)];
      } catch {
        return [];
      }
    };
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, ...tree(child.pid!).map((pid) => rssMb(pid)));
      serverPeakMb = Math.max(serverPeakMb, rssMb(serverPid));
    }, 50);
    child.on('close', (code) => {
      clearInterval(sampler);
      resolve({ code, peakMb, serverPeakMb, ms: performance.now() - started, output });
    });
  });
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

// The visitor reading the page, in a process of its own: this one is busy sending the uploads
// (200 MB through fetch), and timing the page from here would time this process's own event loop.
const READER = `
import { createInterface } from 'node:readline';
const [url] = process.argv.slice(1);
const times = [];
let running = true;
const worker = async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
};
const workers = Array.from({ length: 4 }, worker);
for await (const line of createInterface({ input: process.stdin })) if (line === 'stop') break;
running = false;
await Promise.all(workers);
process.stdout.write(JSON.stringify(times));
`;

/** GETs of the public page, four at a time, until `stop()` says so; the time of each. */
function readPage(base: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', READER, `${base}${PAGE}`], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.on('close', resolve));
  return {
    stop: async (): Promise<number[]> => {
      child.stdin.end('stop\n');
      await exited;
      return JSON.parse(output) as number[];
    },
  };
}

function documentOf(n: number) {
  const body = Buffer.alloc(BYTES, 0x20);
  body.write(`%PDF-1.4\n% bench client ${n}\n`, 0);
  body.write('\n%%EOF\n', BYTES - 7);
  return body;
}

async function main() {
  const clients = await seed();
  const documents = clients.map((_, n) => documentOf(n));

  await withNextServer(
    PORT,
    async (base: string, pid: number) => {
      for (let i = 0; i < 20; i += 1) await (await fetch(`${base}${PAGE}`)).arrayBuffer();
      const emptyBackup = await runScript('data:backup', pid);
      const reading = readPage(base);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const alone = { times: await reading.stop() };
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const duringReader = readPage(base);
      const cpuBefore = { server: cpuSeconds(pid), bench: cpuSeconds('self') };
      const started = performance.now();
      const uploads = await Promise.all(
        clients.map(async (client, n) => {
          const begun = performance.now();
          const response = await fetch(`${base}/api/dossier/items/${client.itemId}/files?name=releve-${n}.pdf`, {
            method: 'PUT',
            headers: { cookie: client.cookie, 'content-length': String(BYTES) },
            body: paced(documents[n]!, CLIENT_MBPS),
            duplex: 'half',
          } as RequestInit);
          return { status: response.status, body: await response.text(), ms: performance.now() - begun };
        }),
      );
      const wall = performance.now() - started;
      const cpu = { server: cpuSeconds(pid) - cpuBefore.server, bench: cpuSeconds('self') - cpuBefore.bench };
      const during = { times: await duringReader.stop() };
      await new Promise((resolve) => setTimeout(resolve, 1000));
      clearInterval(sampler);
      const after = rssMb(pid);
      const stored = readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((name) => String(name).endsWith('.enc')).length;
      const partial = readdirSync(path.join(dataDir, 'files', '.partial')).length;
      const rate = CLIENT_MBPS === null ? 'as fast as the loopback takes them' : `each sent at ${CLIENT_MBPS} Mbit/s`;
      console.log(`${CLIENTS} uploads of ${(BYTES / 1e6).toFixed(0)} MB at once on PGlite, ${rate} (${new Date().toISOString()})`);
      console.log(
        `  answers: ${uploads.map((upload) => upload.status).join(' ')}; each ${pct(
          uploads.map((u) => u.ms),
          50,
        ).toFixed(0)} ms p50, ${Math.max(...uploads.map((u) => u.ms)).toFixed(0)} ms max; all in ${wall.toFixed(0)} ms`,
      );
      console.log(`  stored: ${stored} file(s) in FILES_DIR, ${partial} partial left`);
      console.log(
        `  CPU during the uploads: server ${cpu.server.toFixed(1)} s, this process (sending them) ${cpu.bench.toFixed(1)} s, on ${(wall / 1000).toFixed(1)} s of 2 cores`,
      );
      console.log(`  server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ${after.toFixed(0)} MB after`);
      console.log(
        `  ${PAGE}: alone p50 ${pct(alone.times, 50).toFixed(1)} ms p99 ${pct(alone.times, 99).toFixed(1)} ms (n=${alone.times.length}); during the uploads p50 ${pct(during.times, 50).toFixed(1)} ms p99 ${pct(during.times, 99).toFixed(1)} ms (n=${during.times.length})`,
      );
      const fullBackup = await runScript('data:backup', pid);
      const verify = await runScript('data:verify', pid);
      const backupFiles = readdirSync(BACKUP_ENV.BACKUP_DIR).filter((name) => name.endsWith('.age'));
      const newest = backupFiles.sort().at(-1)!;
      const describe = (run: Awaited<ReturnType<typeof runScript>>) =>
        `exit ${run.code}, ${(run.ms / 1000).toFixed(1)} s, script peak ${run.peakMb.toFixed(0)} MB, server peak ${run.serverPeakMb.toFixed(0)} MB`;
      console.log(`  data:backup before the uploads (no file): ${describe(emptyBackup)}`);
      console.log(
        `  data:backup after them (${stored} files): ${describe(fullBackup)}; ${newest} is ${(statSync(path.join(BACKUP_ENV.BACKUP_DIR, newest)).size / 1e6).toFixed(1)} MB`,
      );
      console.log(`  data:verify of it: ${describe(verify)}; ${verify.output.trim().split('\n').at(-1)}`);
      if (emptyBackup.code !== 0 || fullBackup.code !== 0 || verify.code !== 0) {
        console.error(emptyBackup.output + fullBackup.output + verify.output);
        process.exitCode = 1;
      }
      const failed = uploads.filter((upload) => upload.status !== 201);
      if (failed.length) console.error(`  refused: ${failed.map((upload) => `${upload.status} ${upload.body.slice(0, 80)}`).join('; ')}`);
      if (failed.length || stored < CLIENTS || peak > LIMIT_MB) process.exitCode = 1;
    },
    { DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
  );
}

void main();
