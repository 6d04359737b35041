import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { computeManifest, type Manifest } from './manifest';

// The embedded database's side: its data folder, copied online (base-backup.ts) and opened again
// to count it and to write its SQL with PGlite's own pg_dump (WebAssembly, @electric-sql/pglite-tools).

export const PGLITE_FOLDER = 'pglite';

/** DATA_DIR/backup-staging-<pid>: the copy a backup opens, removed when it is described. */
export const STAGING = /^backup-staging-(\d+)$/;
export const stagingOf = (dataDir: string) => path.join(dataDir, `backup-staging-${process.pid}`);

/** The data folder as one gzip tarball, as PGlite loads it (`loadDataDir`). */
export async function tarballOf(pg: PGlite): Promise<Buffer> {
  await pg.exec('checkpoint');
  const tar = await pg.dumpDataDir('gzip');
  return Buffer.from(await tar.arrayBuffer());
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
