import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dossierAccess } from '@/lib/db/schema';

/**
 * The client's way in, without an account: a link e-mailed to the dossier's address opens it once
 * (LINK_HOURS to use it) and leaves a cookie in that browser (SESSION_DAYS). Tokens are 32 random
 * bytes; the database keeps only their SHA-256, so a copy of it opens nothing.
 */
export const LINK_HOURS = 72;
export const SESSION_DAYS = 7;
export const DOSSIER_COOKIE = 'dossier_session';
/** Links one dossier may have waiting at once: a re-send past it retires the oldest. */
const MAX_WAITING_LINKS = 5;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function createLink({ dossierId, now = new Date() }: { dossierId: number; now?: Date }): Promise<string> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const waiting = await db
    .select({ tokenHash: dossierAccess.tokenHash })
    .from(dossierAccess)
    .where(and(eq(dossierAccess.dossierId, dossierId), eq(dossierAccess.kind, 'link'), isNull(dossierAccess.usedAt), gt(dossierAccess.expiresAt, now)))
    .orderBy(dossierAccess.createdAt);
  for (const old of waiting.slice(0, Math.max(0, waiting.length - MAX_WAITING_LINKS + 1))) {
    await db.delete(dossierAccess).where(eq(dossierAccess.tokenHash, old.tokenHash));
  }
  await db.insert(dossierAccess).values({ tokenHash: digest(token), dossierId, kind: 'link', expiresAt: new Date(now.getTime() + LINK_HOURS * 3_600_000) });
  return token;
}

export type LinkOutcome = { ok: true; dossierId: number; sessionToken: string } | { ok: false; reason: 'link_invalid' | 'link_expired' | 'link_used' };

/** Spends a link (once) for a browser session; a wrong, old or used link says which. */
export async function spendLink({ token, now = new Date() }: { token: string; now?: Date }): Promise<LinkOutcome> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'link_invalid' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(dossierAccess)
      .set({ usedAt: now })
      .where(and(eq(dossierAccess.tokenHash, digest(token)), eq(dossierAccess.kind, 'link'), isNull(dossierAccess.usedAt), gt(dossierAccess.expiresAt, now)))
      .returning({ dossierId: dossierAccess.dossierId });
    if (!link) {
      const [known] = await tx
        .select()
        .from(dossierAccess)
        .where(eq(dossierAccess.tokenHash, digest(token)));
      return {
        ok: false as const,
        reason: !known || known.kind !== 'link' ? ('link_invalid' as const) : known.usedAt ? ('link_used' as const) : ('link_expired' as const),
      };
    }
    const sessionToken = randomBytes(32).toString('base64url');
    await tx.insert(dossierAccess).values({
      tokenHash: digest(sessionToken),
      dossierId: link.dossierId,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    });
    return { ok: true as const, dossierId: Number(link.dossierId), sessionToken };
  });
}

/** The dossier a browser's cookie opens, or null. */
export async function dossierOfSession({ token, now = new Date() }: { token: string | undefined; now?: Date }): Promise<number | null> {
  if (!token || !TOKEN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ dossierId: dossierAccess.dossierId })
    .from(dossierAccess)
    .where(and(eq(dossierAccess.tokenHash, digest(token)), eq(dossierAccess.kind, 'session'), gt(dossierAccess.expiresAt, now)));
  return row ? Number(row.dossierId) : null;
}

export async function purgeExpiredAccess({ now = new Date() }: { now?: Date } = {}) {
  const db = await getDb();
  await db.delete(dossierAccess).where(or(lt(dossierAccess.expiresAt, now), and(eq(dossierAccess.kind, 'link'), lt(dossierAccess.usedAt, now))));
}
