import type { Query } from './manifest';

// The dossiers' stored files a database refers to (dossier_files): the backup copies these and no
// other, and a restore or a verification compares each copy with its row (size and SHA-256 of the
// plaintext, as the upload recorded them).

export type StoredFileRow = { storageKey: string; bytes: number; sha256: string };

export async function storedFilesOf(query: Query): Promise<StoredFileRow[]> {
  const [exists] = await query(`select to_regclass('public.dossier_files') is not null as present`);
  if (!exists?.present) return [];
  const rows = await query('select storage_key, bytes::text as bytes, sha256 from public.dossier_files order by id');
  return rows.map((row) => ({ storageKey: String(row.storage_key), bytes: Number(row.bytes), sha256: String(row.sha256) }));
}

/** Compares what a backup carried with the rows it restored; one line per problem, empty when all agree. */
export function compareStoredFiles({
  rows,
  carried,
  gone,
}: {
  rows: StoredFileRow[];
  carried: Map<string, { bytes: number; sha256: string }>;
  /** Deleted between the snapshot and their copy (an erasure or the retention), listed by the backup itself. */
  gone: string[];
}): string[] {
  const problems: string[] = [];
  const expected = new Set<string>();
  const missing: string[] = [];
  for (const row of rows) {
    expected.add(row.storageKey);
    const copy = carried.get(row.storageKey);
    if (!copy) {
      if (!gone.includes(row.storageKey)) missing.push(row.storageKey);
    } else if (copy.bytes !== row.bytes || copy.sha256 !== row.sha256) problems.push(`stored file ${row.storageKey}: content differs from its row`);
  }
  if (missing.length > 0) problems.push(`${missing.length} stored file(s) missing from the backup, e.g. ${missing[0]}`);
  const extra = [...carried.keys()].filter((key) => !expected.has(key));
  if (extra.length > 0) problems.push(`${extra.length} stored file(s) in the backup that no row refers to`);
  return problems;
}
