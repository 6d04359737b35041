import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The register of erasures: what an operator or a visitor erased, written beside the backups as it
// happens, so that a restore of an older backup erases it again. It holds row ids only (random or
// sequential numbers that point at nothing once the rows are gone), never a name or an address.

export const ERASURES_FILE = 'erasures.jsonl';

/** The rows an erasure removes, by table; their dependants (messages, notes…) go with them by cascade. */
export const ERASABLE = { leads: 'public.leads', conversations: 'public.chat_sessions', people: 'public.people' } as const;
export type ErasedIds = { [K in keyof typeof ERASABLE]?: (string | number)[] };
type Entry = { at: string; ids: ErasedIds };

/**
 * Erasures made up to this long before a snapshot are applied again after its restore: harmless
 * (ids are never reused before a restore), and it covers an erasure racing the snapshot.
 */
const MARGIN_MS = 60 * 60_000;

export function recordErasure(backupDir: string, ids: ErasedIds, at: Date = new Date()): void {
  if (!Object.values(ids).some((list) => list && list.length > 0)) return;
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  appendFileSync(path.join(backupDir, ERASURES_FILE), `${JSON.stringify({ at: at.toISOString(), ids } satisfies Entry)}\n`, { mode: 0o600 });
}

export function readErasures(backupDir: string): Entry[] {
  let text: string;
  try {
    text = readFileSync(path.join(backupDir, ERASURES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // A line cut by a crash while it was appended is skipped, not fatal.
  return text.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as Entry] : [];
    } catch {
      return [];
    }
  });
}

export type Execute = (text: string, params: unknown[]) => Promise<unknown>;

/** Deletes again what was erased since `takenAt` (less the margin); returns the entries applied. */
export async function applyErasures({ entries, takenAt, execute }: { entries: Entry[]; takenAt: string; execute: Execute }): Promise<number> {
  const since = new Date(takenAt).getTime() - MARGIN_MS;
  const due = entries.filter((entry) => new Date(entry.at).getTime() >= since);
  for (const entry of due) {
    for (const [kind, table] of Object.entries(ERASABLE) as [keyof typeof ERASABLE, string][]) {
      const ids = entry.ids[kind];
      if (ids?.length) await execute(`delete from ${table} where id::text = any($1::text[])`, [ids.map(String)]);
    }
  }
  return due.length;
}
