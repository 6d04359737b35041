import 'server-only';
import { and, gte, isNotNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dossiers } from '@/lib/db/schema';
import { claimJobDay, releaseJobDay } from '@/lib/jobs/claims';
import { describeError } from '@/lib/log/describe-error';
import { mauritianDate } from '@/lib/time/mauritius';
import { mailRenewal } from './mail';
import { dossierWarnings } from './warnings';

/**
 * Mails each client whose permit's renewal window nears (warnings.ts: from 120 days before the end),
 * once per permit end date across every instance: the claim is keyed on the dossier and that date
 * (job_claims keeps it until 30 days after it). The operators see the same in the digest and the
 * follow-ups.
 */
export async function remindRenewals({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const today = mauritianDate(now);
  const issued = await db
    .select()
    .from(dossiers)
    .where(and(isNotNull(dossiers.permitEndsAt), gte(dossiers.permitEndsAt, today)))
    .limit(1000);
  let sent = 0;
  for (const dossier of issued) {
    const renewal = dossierWarnings({ dossier, items: [], today }).find((warning) => warning.kind === 'renewal');
    if (!renewal || renewal.kind !== 'renewal') continue;
    const claim = { job: `dossier_renewal:${dossier.id}`, day: renewal.endsOn };
    if (!(await claimJobDay(claim))) continue;
    try {
      if (await mailRenewal(dossier, renewal)) sent += 1;
    } catch (error) {
      console.warn(`[dossier] renewal reminder of dossier ${dossier.id} not sent: ${describeError(error)}`);
      await releaseJobDay(claim);
    }
  }
  return sent;
}
