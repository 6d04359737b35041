import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/data-dir-lock';
import { startPglite } from '@/lib/db/pglite';
import { requestSnapshot, snapshotPglite } from './control';
import { computeManifest, type Manifest } from './manifest';

// The embedded database's side: its snapshot (a dump of the data folder), opened again in memory
// to count it and to write its SQL with PGlite's own pg_dump (WebAssembly, @electric-sql/pglite-tools).

export const PGLITE_FOLDER = 'pglite';

/**
 * The data folder as a gzip tarball: asked of the server when one holds DATA_DIR, else taken
 * here under the folder's lock (the server cannot start meanwhile).
 */
export async function snapshotDataDir(dataDir: string): Promise<Buffer> {
  let lock;
  try {
    lock = acquireDataDirLock({ dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) return requestSnapshot(dataDir);
    throw error;
  }
  try {
    const pg = await startPglite(path.join(dataDir, PGLITE_FOLDER));
    try {
      return await snapshotPglite(pg);
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
}

/** A throwaway database in memory: the snapshot's, or an empty one. */
export async function openInMemory(tar?: Uint8Array): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(tar ? { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) } : {});
}

export async function manifestOfPglite(pg: PGlite): Promise<Manifest> {
  return pg.transaction((tx) => computeManifest(async (text) => (await tx.query<Record<string, unknown>>(text)).rows));
}

/** Plain SQL, without owners or grants: PostgreSQL (psql) and PGlite read it. */
export async function sqlOfPglite(pg: PGlite): Promise<Buffer> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
  return Buffer.from(await file.arrayBuffer());
}
