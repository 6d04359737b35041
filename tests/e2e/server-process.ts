import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface NextServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'chat-e2e-'));
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
  const child = spawn('node', ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${log}`);
    try {
      const probe = await fetch(`${url}${ready === 'database' ? '/api/health' : '/robots.txt'}`);
      if (probe.status === 200) break;
      throw new Error(`not ready: ${probe.status}`);
    } catch {
      if (attempt > 150) throw new Error(`next start did not answer on ${url}:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, process: child, output: () => log, stop };
}

export async function createVisitor(base: string, locale = 'fr') {
  const response = await fetch(`${base}/api/chat/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale, startPage: `/${locale}` }),
  });
  if (response.status !== 201) throw new Error(`session: ${response.status} ${await response.text()}`);
  const { id, token } = (await response.json()) as { id: string; token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    id,
    token,
    send: (content: string, at = base) =>
      fetch(`${at}/api/chat/sessions/${id}/messages`, { method: 'POST', headers, body: JSON.stringify({ content }) }),
    list: async (at = base) =>
      ((await (await fetch(`${at}/api/chat/sessions/${id}/messages`, { headers })).json()) as { messages: { id: number; content: string }[] }).messages,
    /** Reads the SSE stream and collects message ids/contents until `stop()`. */
    listen: (at = base, lastEventId = 0) => {
      const controller = new AbortController();
      const received: { id: number; content: string }[] = [];
      const done = (async () => {
        const response = await fetch(`${at}/api/chat/sessions/${id}/events`, {
          headers: { ...headers, 'last-event-id': String(lastEventId) },
          signal: controller.signal,
        });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) received.push(JSON.parse(data.slice(6)));
          }
        }
      })().catch(() => undefined);
      return { received, stop: async () => (controller.abort(), done) };
    },
  };
}
