import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, lt, max, or } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dossierAccess, dossiers } from '@/lib/db/schema';

/**
 * The client's way in, without an account: a link e-mailed to the dossier's address opens it once
 * (LINK_HOURS to use it), when the client presses the button of the page it leads to, and leaves a
 * cookie in that browser (SESSION_DAYS). Tokens are 32 random bytes; the database keeps only their
 * SHA-256, so a copy of it opens nothing. Each browser session is a row: deleting the row ends it
 * (the client's sign-out, the operator's "end the sessions", a new address, closing, erasure).
 */
export const LINK_HOURS = 72;
export const SESSION_DAYS = 7;
export const DOSSIER_COOKIE = 'dossier_session';
/** Over HTTPS: the browser then only accepts it Secure, for the whole host, never a parent domain. */
export const SECURE_DOSSIER_COOKIE = `__Host-${DOSSIER_COOKIE}`;
/** Links one dossier may have waiting at once: a re-send past it retires the oldest. */
const MAX_WAITING_LINKS = 5;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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

export const LINK_REFUSALS = ['link_invalid', 'link_expired', 'link_used', 'dossier_closed'] as const;
export type LinkRefusal = (typeof LINK_REFUSALS)[number];
export type LinkOutcome = { ok: true; dossierId: number; sessionToken: string } | { ok: false; reason: LinkRefusal };

/** Spends a link (once) for a browser session; a wrong, old or used link, or a closed dossier's, says which. */
export async function spendLink({ token, now = new Date() }: { token: string; now?: Date }): Promise<LinkOutcome> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'link_invalid' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const open = tx.select({ id: dossiers.id }).from(dossiers).where(isNull(dossiers.closedAt));
    const [link] = await tx
      .update(dossierAccess)
      .set({ usedAt: now })
      .where(
        and(
          eq(dossierAccess.tokenHash, digest(token)),
          eq(dossierAccess.kind, 'link'),
          isNull(dossierAccess.usedAt),
          gt(dossierAccess.expiresAt, now),
          inArray(dossierAccess.dossierId, open),
        ),
      )
      .returning({ dossierId: dossierAccess.dossierId });
    if (!link) {
      const [known] = await tx
        .select({ kind: dossierAccess.kind, usedAt: dossierAccess.usedAt, closedAt: dossiers.closedAt })
        .from(dossierAccess)
        .innerJoin(dossiers, eq(dossiers.id, dossierAccess.dossierId))
        .where(eq(dossierAccess.tokenHash, digest(token)));
      const reason: LinkRefusal =
        !known || known.kind !== 'link' ? 'link_invalid' : known.usedAt ? 'link_used' : known.closedAt ? 'dossier_closed' : 'link_expired';
      return { ok: false as const, reason };
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

/** The dossier a browser's cookie opens, or null: an unknown, ended or expired session, or a closed dossier. */
export async function dossierOfSession({ token, now = new Date() }: { token: string | undefined; now?: Date }): Promise<number | null> {
  if (!token || !TOKEN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ dossierId: dossierAccess.dossierId })
    .from(dossierAccess)
    .innerJoin(dossiers, eq(dossiers.id, dossierAccess.dossierId))
    .where(and(eq(dossierAccess.tokenHash, digest(token)), eq(dossierAccess.kind, 'session'), gt(dossierAccess.expiresAt, now), isNull(dossiers.closedAt)));
  return row ? Number(row.dossierId) : null;
}

/** The client signs out: this browser's session only. */
export async function endSession({ token }: { token: string | undefined }): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  const db = await getDb();
  await db.delete(dossierAccess).where(and(eq(dossierAccess.tokenHash, digest(token)), eq(dossierAccess.kind, 'session')));
}

/**
 * Ends every browser session of a dossier (and, with `links`, the links still waiting in a mailbox,
 * as when the address was wrong); returns how many sessions were open.
 */
export async function endClientSessions({ dossierId, links = false }: { dossierId: number; links?: boolean }): Promise<number> {
  const db = await getDb();
  const kinds = or(eq(dossierAccess.kind, 'session'), links ? and(eq(dossierAccess.kind, 'link'), isNull(dossierAccess.usedAt)) : undefined);
  const ended = await db
    .delete(dossierAccess)
    .where(and(eq(dossierAccess.dossierId, dossierId), kinds))
    .returning({ kind: dossierAccess.kind });
  return ended.filter((row) => row.kind === 'session').length;
}

/** The dossier's live browser sessions, as the console shows them: how many, and when the last one was opened. */
export async function clientSessionsOf({ dossierId, now = new Date() }: { dossierId: number; now?: Date }) {
  const db = await getDb();
  const [row] = await db
    .select({ open: count(), lastOpenedAt: max(dossierAccess.createdAt) })
    .from(dossierAccess)
    .where(and(eq(dossierAccess.dossierId, dossierId), eq(dossierAccess.kind, 'session'), gt(dossierAccess.expiresAt, now)));
  return { open: Number(row?.open ?? 0), lastOpenedAt: row?.lastOpenedAt ? new Date(row.lastOpenedAt) : null };
}

export async function purgeExpiredAccess({ now = new Date() }: { now?: Date } = {}) {
  const db = await getDb();
  await db.delete(dossierAccess).where(or(lt(dossierAccess.expiresAt, now), and(eq(dossierAccess.kind, 'link'), lt(dossierAccess.usedAt, now))));
}
