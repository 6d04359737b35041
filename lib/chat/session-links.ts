import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { chatSessions, chatSessionTokens } from '@/lib/db/schema';
import { claimAddress, proveAddress } from '@/lib/identity/people';
import { hashToken } from './queries';

/** How long an e-mail's links (back to the conversation, erase it) open it. */
export const LINK_TOKEN_DAYS = 30;
/** Browsers that opened such a link keep a token of their own; the oldest beyond this lose it. */
export const MAX_ISSUED_BEARERS = 5;

const newToken = () => randomBytes(32).toString('base64url');
const hex = (token: string) => hashToken(token).toString('hex');

/** A token for one mail's links, returned here only: the database keeps its SHA-256 and its expiry. */
export async function createLinkToken({ sessionId, days = LINK_TOKEN_DAYS }: { sessionId: string; days?: number }): Promise<string> {
  const db = await getDb();
  const token = newToken();
  await db.insert(chatSessionTokens).values({
    tokenHash: hex(token),
    sessionId,
    kind: 'link',
    // The address the mail goes to: opening the link proves it.
    email: sql`(select lower(${chatSessions.visitorEmail}) from ${chatSessions} where ${chatSessions.id} = ${sessionId})`,
    expiresAt: sql`now() + make_interval(days => ${days}::int)`,
  });
  return token;
}

/**
 * Exchanges a mail's link token (unexpired, never opened) for the conversation id and a bearer token
 * of this browser's own, so the link never carries the token the widget authenticates with. A link
 * opens its conversation once: a forwarded or leaked mail opens nothing more (its reader can only ask
 * for a new link, which goes to the address: requestNewLink). Opening it proves the address it was
 * mailed to (lib/identity). Null when the token is unknown, used, expired or its conversation erased.
 */
export async function redeemLinkToken({ token }: { token: string }): Promise<{ id: string; token: string } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(chatSessionTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(chatSessionTokens.tokenHash, hex(token)),
          eq(chatSessionTokens.kind, 'link'),
          isNull(chatSessionTokens.usedAt),
          gt(chatSessionTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ sessionId: chatSessionTokens.sessionId, email: chatSessionTokens.email });
    if (!link) return null;
    if (link.email) await proveAddress(tx, { sessionId: link.sessionId, email: link.email });
    const bearer = newToken();
    await tx.insert(chatSessionTokens).values({ tokenHash: hex(bearer), sessionId: link.sessionId, kind: 'bearer' });
    const kept = tx
      .select({ tokenHash: chatSessionTokens.tokenHash })
      .from(chatSessionTokens)
      .where(and(eq(chatSessionTokens.sessionId, link.sessionId), eq(chatSessionTokens.kind, 'bearer')))
      .orderBy(desc(chatSessionTokens.createdAt))
      .limit(MAX_ISSUED_BEARERS);
    await tx
      .delete(chatSessionTokens)
      .where(and(eq(chatSessionTokens.sessionId, link.sessionId), eq(chatSessionTokens.kind, 'bearer'), notInArray(chatSessionTokens.tokenHash, kept)));
    return { id: link.sessionId, token: bearer };
  });
}

/**
 * Where a new link for a mail's (unexpired) link may go: its conversation and the address the mail
 * went to, if the conversation still has that address for replies. Null otherwise.
 */
export async function findRenewableLink({ token }: { token: string }): Promise<{ sessionId: string; email: string; locale: string } | null> {
  const db = await getDb();
  const [link] = await db
    .select({ sessionId: chatSessionTokens.sessionId, email: chatSessionTokens.email, current: chatSessions.visitorEmail, locale: chatSessions.locale })
    .from(chatSessionTokens)
    .innerJoin(chatSessions, eq(chatSessions.id, chatSessionTokens.sessionId))
    .where(
      and(
        eq(chatSessionTokens.tokenHash, hex(token)),
        eq(chatSessionTokens.kind, 'link'),
        gt(chatSessionTokens.expiresAt, sql`now()`),
        eq(chatSessions.visitorEmailReplies, true),
      ),
    )
    .limit(1);
  if (!link?.email || link.current?.toLowerCase() !== link.email) return null;
  return { sessionId: link.sessionId, email: link.current, locale: link.locale };
}

/**
 * The address the visitor leaves in the chat for replies; typed, so never marked verified. Null
 * removes it (and with it the link to the leads of that address).
 */
export async function setVisitorEmail({ sessionId, email }: { sessionId: string; email: string | null }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [chat] = await tx
      .update(chatSessions)
      .set({ visitorEmail: email, visitorEmailVerified: false, visitorEmailReplies: email !== null })
      .where(eq(chatSessions.id, sessionId))
      .returning({ personId: chatSessions.personId });
    // The conversation's person claims the address (unproven): it joins nobody who has it.
    if (chat && email) await claimAddress(tx, { personId: Number(chat.personId), email });
  });
}
