import { spawn, type ChildProcess } from 'node:child_process';

export type NodeRun = { code: number | null; stdout: string; stderr: string };

/** How the npm scripts run the TypeScript modules: tsx, with `server-only` resolving as on the server. */
export const TSX = ['--conditions=react-server', '--import', 'tsx'];

/** Starts a TypeScript file under node + tsx, as `npm run db:migrate` does. */
export function startNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...TSX, ...args], { cwd: process.cwd(), env: { ...process.env, ...env } });
}

/** Runs a TypeScript file under node + tsx to its end, with `input` piped to its standard input. */
export function runNode(args: string[], { env = {}, input = '' }: { env?: Record<string, string>; input?: string } = {}): Promise<NodeRun> {
  const child = startNode(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin?.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves when the process prints `text` on standard output. */
export function waitForOutput(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before "${text}": ${errors}`)));
  });
}
