import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { jobClaims } from '@/lib/db/schema';

// Once per Mauritius day across every instance sharing the database: the primary key of job_claims
// (job, day) lets one insert win.

/** True for the one caller that takes `job` for `day` (YYYY-MM-DD, Mauritius). */
export async function claimJobDay({ job, day }: { job: string; day: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db.insert(jobClaims).values({ job, day }).onConflictDoNothing().returning({ job: jobClaims.job });
  return rows.length > 0;
}

/** Gives the day back after a failed run, so that the next check (on any instance) tries again. */
export async function releaseJobDay({ job, day }: { job: string; day: string }): Promise<void> {
  const db = await getDb();
  await db.delete(jobClaims).where(and(eq(jobClaims.job, job), eq(jobClaims.day, day)));
}
