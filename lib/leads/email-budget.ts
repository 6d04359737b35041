import 'server-only';
import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { emailSends } from '@/lib/db/schema';

/** Visa results one address may receive per day, whoever asks and from wherever. */
export const MAX_EMAILS_PER_RECIPIENT_PER_DAY = 3;

export type EmailBudgetRefusal = 'email_recipient_limit' | 'email_site_budget';

const since = (interval: string) => sql`now() - ${interval}::interval`;

const recipientHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Each purpose is a budget of its own: a flood of visa mails never stops a client's dossier link, nor the reverse. */
export type EmailPurpose = (typeof emailSends.$inferInsert)['purpose'] & string;

/**
 * Reserves one send to `email` in the database, then counts: over the recipient's daily limit or
 * the site's hourly budget (both within `purpose`), the reservation is taken back and the send
 * refused. Counting after inserting means two concurrent requests can both be refused, never both
 * let through.
 */
export async function reserveEmailSend({
  email,
  hourlyBudget = config.visaEmailHourlyBudget,
  purpose = 'visitor',
}: {
  email: string;
  hourlyBudget?: number;
  purpose?: EmailPurpose;
}): Promise<{ ok: true } | { ok: false; reason: EmailBudgetRefusal; retryAfterSeconds: number }> {
  const db = await getDb();
  const hash = recipientHash(email);
  await db.delete(emailSends).where(lt(emailSends.createdAt, since('1 day')));
  const [row] = await db.insert(emailSends).values({ recipientHash: hash, purpose }).returning({ id: emailSends.id });
  const [toRecipient] = await db
    .select({ value: count() })
    .from(emailSends)
    .where(and(eq(emailSends.purpose, purpose), eq(emailSends.recipientHash, hash), gt(emailSends.createdAt, since('1 day'))));
  const [siteWide] = await db
    .select({ value: count() })
    .from(emailSends)
    .where(and(eq(emailSends.purpose, purpose), gt(emailSends.createdAt, since('1 hour'))));
  const refusal: { reason: EmailBudgetRefusal; retryAfterSeconds: number } | null =
    Number(toRecipient?.value ?? 0) > MAX_EMAILS_PER_RECIPIENT_PER_DAY
      ? { reason: 'email_recipient_limit', retryAfterSeconds: 24 * 3600 }
      : Number(siteWide?.value ?? 0) > hourlyBudget
        ? { reason: 'email_site_budget', retryAfterSeconds: 3600 }
        : null;
  if (!refusal) return { ok: true };
  if (row) await db.delete(emailSends).where(eq(emailSends.id, Number(row.id)));
  return { ok: false, ...refusal };
}
