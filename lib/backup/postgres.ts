import { spawn } from 'node:child_process';
import type { Client } from 'pg';
import { environmentWith } from '@/lib/config';
import { computeManifest, type Manifest, type Query } from './manifest';
import { storedFilesOf } from './stored-files';

// PostgreSQL's side: pg_dump and psql (Debian's postgresql-client) for the SQL, one client of `pg`
// for the snapshot, the manifest and the checks.

/** The URL without its password, which goes to the tools through PGPASSWORD (not on their command line). */
function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: environmentWith(password ? { PGPASSWORD: password } : {}) };
}

function runTool(tool: 'pg_dump' | 'psql', args: string[], { env, input }: { env: Record<string, string | undefined>; input?: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${tool} is not installed (Debian: apt-get install postgresql-client)` : error.message)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${tool} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`)),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

export async function connectPostgres(databaseUrl: string): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
}

export const queryOf =
  (client: Client): Query =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

export async function serverMajor(client: Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.v ?? 0) / 10000);
}

/**
 * One snapshot for both: the manifest is computed in a transaction whose snapshot pg_dump reads
 * (--snapshot), so what the SQL holds is exactly what the manifest counts, writes going on meanwhile.
 */
export async function dumpPostgres(databaseUrl: string): Promise<{ sql: Buffer; manifest: Manifest; takenAt: string; storageKeys: string[] }> {
  const client = await connectPostgres(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; at: Date }>('select pg_export_snapshot() as snapshot, now() as at');
    const manifest = await computeManifest(queryOf(client));
    const storageKeys = (await storedFilesOf(queryOf(client))).map((row) => row.storageKey);
    const { url, env } = toolConnection(databaseUrl);
    const sql = await runTool('pg_dump', ['--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`, '--dbname', url], { env });
    await client.query('commit');
    return { sql, manifest, takenAt: rows[0]!.at.toISOString(), storageKeys };
  } finally {
    await client.end();
  }
}

/** The tables outside PostgreSQL's own schemas; a restore goes only where there are none. */
export async function userTableCount(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*)::text as n from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Runs a plain SQL script with psql, all or nothing (one transaction, stop at the first error). */
export async function runScriptInPostgres(databaseUrl: string, script: string): Promise<void> {
  const { url, env } = toolConnection(databaseUrl);
  await runTool('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', url, '-f', '-'], { env, input: script });
}

export async function manifestOfPostgres(client: Client): Promise<Manifest> {
  await client.query('begin isolation level repeatable read read only');
  try {
    return await computeManifest(queryOf(client));
  } finally {
    await client.query('commit');
  }
}
