import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEXT_BIN, serverNodeArgs } from '../support/start-command.mjs';

export interface NextServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Test servers listen on fixed ports shifted by `E2E_PORT - 3100`, so that two checkouts can run
 * their browser suites side by side (`E2E_PORT=4100 npm run test:e2e`).
 */
export function testPort(port: number): number {
  return port + Number(process.env.E2E_PORT ?? 3100) - 3100;
}

/**
 * `next start` on a port, as `npm start` runs it, with its own environment; its output collected.
 * Its database is the one its test gives it (a data folder, or DATABASE_URL), never the suite's
 * server's PostgreSQL of a run on it (`DATABASE_URL=… npm run test:e2e`).
 */
function spawnNextStart(port: number, env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn('node', [...serverNodeArgs(), NEXT_BIN, 'start', '-p', String(port)], {
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // `next start` forks the server: signals go to the whole process group.
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return { child, output: () => log };
}

/**
 * A fresh data folder for a server of a test's own: a copy of the run's migrated embedded database
 * (tests/e2e/global-setup.ts) when there is one, else empty (the server then creates it).
 */
export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-e2e-'));
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Starts `next start` from the current build with its own environment and waits until it answers:
 * with its database open by default, or just serving pages (`ready: 'http'`) for a broken database.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  { ready = 'database' }: { ready?: 'database' | 'http' } = {},
): Promise<NextServer> {
  port = testPort(port);
  const { child, output } = spawnNextStart(port, env);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output()}`);
    try {
      const probe = await fetch(`${url}${ready === 'database' ? '/api/health' : '/robots.txt'}`);
      if (probe.status === 200) break;
      throw new Error(`not ready: ${probe.status}`);
    } catch {
      if (attempt > 150) throw new Error(`next start did not answer on ${url}:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const alive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (alive()) process.kill(-child.pid!, signal);
    for (let waited = 0; alive(); waited += 50) {
      if (waited > 20_000) process.kill(-child.pid!, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { url, process: child, output, stop };
}

/** Runs `next start` expecting it to stop by itself; resolves with its exit code, output and duration. */
export async function startServerExpectingExit(port: number, env: Record<string, string>, timeoutMs = 30_000) {
  port = testPort(port);
  const started = Date.now();
  const { child, output } = spawnNextStart(port, env);
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output(), ms: Date.now() - started };
}

/** Reads an SSE stream, collecting every event's name and data, until `stop()` (or the server ends it). */
export function listenToStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const events: { event: string; data: string }[] = [];
  let ended = false;
  let onOpen: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (onOpen = resolve));
  const done = (async () => {
    const response = await fetch(url, { headers, signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) return;
      onOpen();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith('data: '));
        if (data) events.push({ event: lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message', data: data.slice(6) });
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      ended = true;
      onOpen();
    });
  /** `opened` resolves with the stream's first bytes (the server has admitted it), or when it fails or ends. */
  return { events, opened, ended: () => ended, stop: async () => (controller.abort(), done) };
}

/** The messages (JSON data of the `message` events) of a chat SSE stream, until `stop()`. */
function listenToEvents<T>(url: string, headers: Record<string, string>) {
  const stream = listenToStream(url, headers);
  return {
    get received(): T[] {
      return stream.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as T);
    },
    opened: stream.opened,
    stop: stream.stop,
  };
}

export async function createVisitor(base: string, locale = 'fr') {
  // A client address of its own, clear of the per-client limits other tests use up.
  const client = { 'x-forwarded-for': `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  const response = await fetch(`${base}/api/chat/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client },
    body: JSON.stringify({ locale, startPage: `/${locale}` }),
  });
  if (response.status !== 201) throw new Error(`session: ${response.status} ${await response.text()}`);
  const { id, token } = (await response.json()) as { id: string; token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...client };
  return {
    id,
    token,
    send: (content: string, at = base) => fetch(`${at}/api/chat/sessions/${id}/messages`, { method: 'POST', headers, body: JSON.stringify({ content }) }),
    list: async (at = base) =>
      ((await (await fetch(`${at}/api/chat/sessions/${id}/messages`, { headers })).json()) as { messages: { id: number; content: string }[] }).messages,
    /** Reads the SSE stream and collects message ids/contents until `stop()`. */
    listen: (at = base, lastEventId = 0) => {
      return listenToEvents<{ id: number; content: string }>(`${at}/api/chat/sessions/${id}/events`, {
        ...headers,
        'last-event-id': String(lastEventId),
      });
    },
  };
}

/** The operator side through the admin API of one instance: login, live events, replies. */
export async function operatorOn(base: string, { email, password }: { email: string; password: string }) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`operator login: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  return {
    cookie,
    reply: (sessionId: string, content: string) =>
      fetch(`${base}/api/admin/sessions/${sessionId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ content }),
      }),
    /** Every message of every session, as the console receives them. */
    listen: () => listenToEvents<{ id: number; sessionId: string; content: string }>(`${base}/api/admin/events`, { cookie, 'last-event-id': '0' }),
  };
}

/**
 * A new, empty PostgreSQL database on the local server (null when none answers), and its removal.
 * With `create: false` the database is only named: `create()` makes it later.
 */
export function freshPostgresDatabase(prefix: string, { create = true } = {}): { url: string; create: () => void; drop: () => void } | null {
  const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const createNow = () => execFileSync('psql', [admin, '-qc', `create database ${name}`], { stdio: 'pipe' });
  try {
    execFileSync('psql', [admin, '-qc', 'select 1'], { stdio: 'pipe' });
    if (create) createNow();
  } catch {
    return null;
  }
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    create: createNow,
    drop: () => dropPostgresDatabase(`postgresql://postgres@127.0.0.1:5432/${name}`),
  };
}

/** Drops a database of the local server, closing whatever is still connected to it. */
export function dropPostgresDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  execFileSync('psql', [admin.href, '-qc', `drop database if exists ${name} with (force)`], { stdio: 'pipe' });
}
