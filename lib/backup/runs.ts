import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { backupRuns } from '@/lib/db/schema';

export type BackupRun = {
  kind: 'backup' | 'verify';
  ok: boolean;
  /** ISO; now when unset. */
  at?: string;
  file?: string | null;
  bytes?: number | null;
  durationMs?: number | null;
  error?: string | null;
};

export async function recordRun(db: Db, run: BackupRun): Promise<void> {
  await db.insert(backupRuns).values({
    kind: run.kind,
    ok: run.ok,
    ...(run.at ? { at: new Date(run.at) } : {}),
    file: run.file ?? null,
    bytes: run.bytes ?? null,
    durationMs: run.durationMs ?? null,
    error: run.error?.slice(0, 2000) ?? null,
  });
}

/** When the last successful run of `kind` was, or null. */
export async function lastSuccess(db: Db, kind: BackupRun['kind']): Promise<Date | null> {
  const [row] = await db
    .select({ at: backupRuns.at })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, kind), eq(backupRuns.ok, true)))
    .orderBy(desc(backupRuns.at))
    .limit(1);
  return row?.at ?? null;
}

/** The failures nobody was told about yet, each claimed by the one caller that marks it. */
export async function claimUnreportedFailures(db: Db): Promise<{ kind: BackupRun['kind']; error: string | null; at: Date }[]> {
  return db
    .update(backupRuns)
    .set({ alertedAt: new Date() })
    .where(and(eq(backupRuns.ok, false), isNull(backupRuns.alertedAt)))
    .returning({ kind: backupRuns.kind, error: backupRuns.error, at: backupRuns.at });
}
