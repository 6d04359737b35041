import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, openSync, readSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { craftedHeic } from '../support/crafted-heic';
import { openConsole } from './console-login';
import { expect, test } from './fixtures';
import { OPERATOR_ENV, type ServerPool } from './servers';
import { startServer, tempDataDir, type NextServer } from './server-process';

// The upload pipeline's attacks against a server of this file's own, on dossiers seeded before it
// starts (tests/e2e/seed-dossiers.ts): a HEIC whose metadata walk would loop for minutes, a 20 MB
// PNG of one IDAT chunk, three uploads at once from one dossier, a dossier past its quota, and a
// stored document changed on disk. The figures go to the test's annotations and the output.

const QUOTA_MB = 25;
type Client = { cookie: string; items: number[] };

test.describe.configure({ mode: 'serial' });

let server: NextServer;
let dataDir: string;
let clients: Client[];

const figure = (text: string) => {
  test.info().annotations.push({ type: 'figure', description: text });
  console.log(`[abuse-uploads] ${text}`);
};

async function startSeeded(servers: ServerPool) {
  dataDir = tempDataDir();
  const seeded = execFileSync(
    'npx',
    ['tsx', '--conditions=react-server', 'tests/e2e/seed-dossiers.ts', '--data-dir', dataDir, '--count', '5', '--refused-bytes', String(20 << 20)],
    { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } },
  );
  clients = JSON.parse(seeded) as Client[];
  server = await startServer(servers.port(0), { DATA_DIR: dataDir, ...OPERATOR_ENV, DOSSIER_QUOTA_MB: String(QUOTA_MB) });
}

test.beforeAll(async ({ servers }) => {
  test.setTimeout(120_000);
  await startSeeded(servers);
});
test.afterAll(async () => {
  await server?.stop();
});

function put(client: Client, item: number, name: string, body: Buffer | ReadableStream<Uint8Array>, bytes: number) {
  return fetch(`${server.url}/api/dossier/items/${item}/files?name=${name}`, {
    method: 'PUT',
    headers: { cookie: client.cookie, 'content-length': String(bytes) },
    body,
    duplex: 'half',
  } as RequestInit);
}

const pdf = (bytes: number, note: string) => {
  const body = Buffer.alloc(bytes, 0x20);
  body.write(`%PDF-1.4\n% ${note}\n`, 0);
  body.write('\n%%EOF\n', bytes - 7);
  return body;
};

/** A PNG of one IDAT chunk of `bytes` bytes (not a picture a viewer decodes: the pipeline reads chunks, not pixels). */
function singleIdatPng(bytes: number): Buffer {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, 'latin1'), data, u32(0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(2048), u32(2048), Buffer.from([8, 6, 0, 0, 0])])),
    chunk('IDAT', Buffer.alloc(bytes, 0x78)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** VmRSS of each process of the server's group (`next start` and the server it forks), added, in MB. */
function serverRss(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}
const groupPids = () =>
  execFileSync('ps', ['-o', 'pid=', '-g', String(server.process.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

const storedFiles = () =>
  readdirSync(path.join(dataDir, 'files'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.enc'));

// The visitor reading /fr, in a process of its own: timed from here, the page would wait for this
// process's own event loop, busy sending the upload.
const READER = `
import { createInterface } from 'node:readline';
const [url] = process.argv.slice(1);
const times = [];
let running = true;
// A new process's first requests pay for its own start (fetch's code, the connection): not timed.
for (let n = 0; n < 5; n += 1) await (await fetch(url)).arrayBuffer();
process.stdout.write('ready\\n');
const read = (async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error('status ' + response.status);
    times.push(performance.now() - started);
  }
})();
for await (const line of createInterface({ input: process.stdin })) if (line === 'stop') break;
running = false;
await read;
process.stdout.write(JSON.stringify(times));
`;

/** GETs of `url` one after the other from another process, timed once it says it is warm. */
async function readPage(url: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', READER, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) resolve();
    }),
  );
  const exited = new Promise((resolve) => child.on('close', resolve));
  await ready;
  return {
    stop: async (): Promise<number[]> => {
      child.stdin.end('stop\n');
      await exited;
      return JSON.parse(output.slice(output.indexOf('ready\n') + 6)) as number[];
    },
  };
}

const list = (times: number[]) => times.map((ms) => ms.toFixed(0)).join(' ');

/** One upload of the crafted HEIC, /fr read all along: the refusal's time and each page's. */
async function heicRound(client: Client, heic: Buffer) {
  const during = await readPage(`${server.url}/fr`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  const refused = await put(client, client.items[0]!, 'IMG_0001.heic', heic, heic.length);
  const refusedMs = performance.now() - started;
  const latencies = await during.stop();
  expect(refused.status).toBe(415);
  expect(((await refused.json()) as { error: string }).error).toBe('type_refused');
  return { refusedMs, latencies, worst: Math.max(...latencies) };
}

test('the crafted HEIC is refused within a second while /fr keeps answering in under 200 ms', async () => {
  test.setTimeout(60_000);
  const heic = craftedHeic();
  const client = clients[0]!;
  // The upload route and the page loaded and run once: what is timed is the HEIC, not a first load.
  const warm = pdf(10_000, 'warm');
  expect((await put(client, client.items[2]!, 'warm.pdf', warm, warm.length)).status).toBe(201);
  const before = await readPage(`${server.url}/fr`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const alone = await before.stop();
  figure(`GET /fr alone: ${list(alone)}`);
  // Up to three rounds: a walk that blocks the event loop fails each (the old one blocked for about
  // 3 minutes), while a page slowed by other work on a shared machine rarely hits all three. On a
  // machine so loaded that /fr alone passes 100 ms, the bound is twice its worst alone: still far
  // below what a blocked event loop costs every request.
  const limit = Math.max(200, 2 * Math.max(...alone));
  for (let round = 1; ; round += 1) {
    const { refusedMs, latencies, worst } = await heicRound(client, heic);
    figure(
      `round ${round}: crafted HEIC (${(heic.length / 1e6).toFixed(1)} MB) refused in ${refusedMs.toFixed(0)} ms; GET /fr during it: ${list(latencies)}, worst ${worst.toFixed(0)} ms`,
    );
    expect(refusedMs).toBeLessThan(1000);
    expect(latencies.length).toBeGreaterThan(2);
    if (worst < limit || round === 3) {
      expect(worst).toBeLessThan(limit);
      break;
    }
  }
});

test('a 20 MB PNG of one IDAT chunk is stored with the server’s memory growing by less than 40 MB', async () => {
  test.setTimeout(60_000);
  const client = clients[1]!;
  // The upload path's code loaded and run once before measuring.
  const small = singleIdatPng(200_000);
  expect((await put(client, client.items[0]!, 'warm.png', small, small.length)).status).toBe(201);
  const png = singleIdatPng(20_000_000);
  const pids = groupPids();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = serverRss(pids);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRss(pids))), 20);
  const started = performance.now();
  const stored = await put(client, client.items[1]!, 'scan.png', png, png.length);
  const ms = performance.now() - started;
  clearInterval(sampler);
  expect(stored.status).toBe(201);
  expect(((await stored.json()) as { bytes: number }).bytes).toBe(png.length);
  figure(
    `20 MB single-IDAT PNG stored in ${ms.toFixed(0)} ms; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: +${(peak - before).toFixed(1)} MB`,
  );
  expect(peak - before).toBeLessThan(40);
});

test('three uploads at once from one dossier: the third is refused, another dossier’s goes through', async () => {
  const client = clients[2]!;
  const bytes = 1 << 20;
  const held: (() => void)[] = [];
  /** A body that sends its first 64 KB, then waits until released to send the rest. */
  const heldBody = (body: Buffer) =>
    new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.subarray(0, 65_536));
        await new Promise<void>((resolve) => held.push(resolve));
        controller.enqueue(body.subarray(65_536));
        controller.close();
      },
    });
  const running = [0, 1].map((n) => put(client, client.items[n]!, `page-${n}.pdf`, heldBody(pdf(bytes, `held ${n}`)), bytes));
  await expect.poll(() => held.length).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const third = await put(client, client.items[2]!, 'third.pdf', pdf(10_000, 'third'), 10_000);
  expect(third.status).toBe(429);
  expect(((await third.json()) as { error: string }).error).toBe('too_many_at_once');
  expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  const elsewhere = await put(clients[3]!, clients[3]!.items[0]!, 'other.pdf', pdf(10_000, 'other dossier'), 10_000);
  expect(elsewhere.status).toBe(201);
  for (const release of held) release();
  expect((await Promise.all(running)).map((response) => response.status)).toEqual([201, 201]);
  const after = await put(client, client.items[2]!, 'third.pdf', pdf(10_000, 'third again'), 10_000);
  expect(after.status).toBe(201);
});

test('past the dossier’s quota, refused pages counted, an upload is refused in the client’s language', async ({ browser }) => {
  const client = clients[4]!; // holds a refused page of 20 MB, under a quota of 25 MB
  const over = pdf(6 << 20, 'six megabytes');
  const refused = await put(client, client.items[1]!, 'releve.pdf', over, over.length);
  expect(refused.status).toBe(413);
  expect(((await refused.json()) as { error: string }).error).toBe('quota_exceeded');
  const fits = pdf(4 << 20, 'four megabytes');
  expect((await put(client, client.items[1]!, 'releve.pdf', fits, fits.length)).status).toBe(201);
  // Announced size or not, what passes the quota is refused.
  const chunked = pdf(2 << 20, 'two megabytes');
  const unannounced = await fetch(`${server.url}/api/dossier/items/${client.items[2]}/files?name=b.pdf`, {
    method: 'PUT',
    headers: { cookie: client.cookie },
    body: new Blob([chunked]).stream(),
    duplex: 'half',
  } as RequestInit);
  expect(unannounced.status).toBe(413);
  expect(((await unannounced.json()) as { error: string }).error).toBe('quota_exceeded');

  const context = await browser.newContext({ locale: 'de-DE' });
  const [name, value] = [client.cookie.slice(0, client.cookie.indexOf('=')), client.cookie.slice(client.cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/de/dossier`);
  const item = page.getByTestId('client-item').nth(3);
  await item.getByTestId(/^files-/).setInputFiles({ name: 'kontoauszug.pdf', mimeType: 'application/pdf', buffer: pdf(2 << 20, 'page') });
  await expect(item).toContainText('kontoauszug.pdf: Ihre Unterlagen haben den für sie vorgesehenen Speicherplatz ausgeschöpft');
  await context.close();
});

test('a stored document changed on disk is refused before any of its bytes is sent', async ({ page }) => {
  const client = clients[0]!;
  const document = pdf(600_000, 'a page to change on disk');
  const before = new Set(storedFiles());
  const uploaded = await put(client, client.items[1]!, 'passeport.pdf', document, document.length);
  expect(uploaded.status).toBe(201);
  const { fileId } = (await uploaded.json()) as { fileId: number };
  const [added] = storedFiles().filter((name) => !before.has(name));
  await openConsole(page, server.url);
  const served = await page.request.get(`${server.url}/api/admin/dossiers/files/${fileId}`);
  expect(served.status()).toBe(200);
  expect((await served.body()).equals(document)).toBe(true);

  const file = path.join(dataDir, 'files', added!);
  const fd = openSync(file, 'r+');
  const byte = Buffer.alloc(1);
  readSync(fd, byte, 0, 1, 400_000);
  byte[0] = byte[0]! ^ 0x01;
  writeSync(fd, byte, 0, 1, 400_000);
  closeSync(fd);
  const damaged = await page.request.get(`${server.url}/api/admin/dossiers/files/${fileId}`);
  expect(damaged.status()).toBe(500);
  expect(damaged.headers()['content-type']).toContain('application/json');
  const body = await damaged.body();
  expect((JSON.parse(body.toString()) as { error: string }).error).toBe('file_damaged');
  expect(body.includes(Buffer.from('%PDF-'))).toBe(false);
});
