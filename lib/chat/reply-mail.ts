import 'server-only';
import { createTranslator, type Locale as IntlLocale } from 'next-intl';
import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { chatSessions, messages } from '@/lib/db/schema';
import { messagesFor } from '@/lib/i18n/messages';
import { isLocale, LOCALE_TAGS, DEFAULT_LOCALE, type Locale } from '@/lib/i18n/routing';
import { reserveEmailSend } from '@/lib/leads/email-budget';
import { escapeHtml, readVisitorEmailConfig, sendEmail, type EmailChannelConfig } from '@/lib/notify';
import { describeError } from '@/lib/log/describe-error';
import { smtpSecrets } from '@/lib/notify/smtp-url';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';
import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import { createWindowedLog } from '@/lib/api/windowed-log';
import { createLinkToken, findRenewableLink, LINK_TOKEN_DAYS } from './session-links';

// Operator replies the visitor has not read are e-mailed to the address they left in the chat
// (a lead's address, which only links the conversation, is not used for this), once the
// operator has been quiet for CHAT_EMAIL_DELAY: a burst of replies goes in one mail. Every
// instance runs the job; a session's replies are claimed by moving `visitor_emailed_through_id`
// forward from the value the instance read, so exactly one instance wins each batch.

export interface ClaimedReplies {
  sessionId: string;
  email: string;
  locale: string;
  replies: { id: number; content: string; kind: 'text' | 'booking'; createdAt: Date }[];
}

const MAX_CLAIMS_PER_RUN = 20;

/**
 * Claims the unread operator replies of every conversation with an address whose latest reply is
 * at least `delayMs` old; returns what this caller must send (each reply to one caller only).
 */
export async function claimDueReplies({ delayMs, limit = MAX_CLAIMS_PER_RUN }: { delayMs: number; limit?: number }): Promise<ClaimedReplies[]> {
  const db = await getDb();
  const latest = db
    .select({
      lastId: sql<number>`max(${messages.id})`.as('last_id'),
      lastAt: sql<Date>`max(${messages.createdAt})`.as('last_at'),
    })
    .from(messages)
    .where(and(eq(messages.sessionId, chatSessions.id), eq(messages.sender, 'operator')))
    .as('latest_reply');
  const due = await db
    .select({ id: chatSessions.id, through: chatSessions.visitorEmailedThroughId, lastId: latest.lastId })
    .from(chatSessions)
    .innerJoinLateral(latest, sql`true`)
    .where(
      and(
        isNotNull(chatSessions.visitorEmail),
        eq(chatSessions.visitorEmailReplies, true),
        sql`${latest.lastId} > greatest(${chatSessions.visitorEmailedThroughId}, ${chatSessions.visitorLastReadId})`,
        sql`${latest.lastAt} <= now() - make_interval(secs => ${delayMs / 1000})`,
      ),
    )
    .limit(limit);
  const claims: ClaimedReplies[] = [];
  for (const candidate of due) {
    const through = Number(candidate.through);
    const lastId = Number(candidate.lastId);
    // Only the instance that still sees the value it read moves it: the others update no row.
    const [claimed] = await db
      .update(chatSessions)
      .set({ visitorEmailedThroughId: lastId })
      .where(
        and(
          eq(chatSessions.id, candidate.id),
          eq(chatSessions.visitorEmailedThroughId, through),
          isNotNull(chatSessions.visitorEmail),
          eq(chatSessions.visitorEmailReplies, true),
        ),
      )
      .returning({ email: chatSessions.visitorEmail, locale: chatSessions.locale, readId: chatSessions.visitorLastReadId });
    if (!claimed?.email) continue;
    const rows = await db
      .select({ id: messages.id, content: messages.content, kind: messages.kind, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.sessionId, candidate.id),
          eq(messages.sender, 'operator'),
          gt(messages.id, Math.max(through, Number(claimed.readId))),
          lte(messages.id, lastId),
        ),
      )
      .orderBy(asc(messages.id));
    if (rows.length === 0) continue;
    claims.push({ sessionId: candidate.id, email: claimed.email, locale: claimed.locale, replies: rows.map((row) => ({ ...row, id: Number(row.id) })) });
  }
  return claims;
}

export type MailLinks = { resume: string; erase: string };

/** A mail's two links, each a token of its own: each opens the conversation once. */
async function createMailLinks(sessionId: string): Promise<MailLinks> {
  const [resume, erase] = await Promise.all([createLinkToken({ sessionId }), createLinkToken({ sessionId })]);
  return { resume, erase };
}

/**
 * The mail of one claim, in the conversation's language: the replies, why it came, the two links.
 * `renewed`: the mail a visitor asked for from a used link, the two new links without replies.
 */
export function formatReplyEmail({ claim, links, renewed = false }: { claim: ClaimedReplies; links: MailLinks; renewed?: boolean }) {
  const locale: Locale = isLocale(claim.locale) ? claim.locale : DEFAULT_LOCALE;
  const t = createTranslator({ locale: LOCALE_TAGS[locale] as IntlLocale, messages: messagesFor(locale), namespace: 'ChatEmail' });
  const home = absoluteUrl(localePath(locale));
  // In the fragment: never sent to a server, kept out of logs and Referer; the widget removes it at once.
  const resumeUrl = `${home}#chat=${links.resume}`;
  const eraseUrl = `${home}#chat-erase=${links.erase}`;
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: AGENCY_TIME_ZONE });
  const replyText = (reply: ClaimedReplies['replies'][number]) => (reply.kind === 'booking' ? t('booking', { url: reply.content }) : reply.content);
  const site = new URL(config.siteUrl).host;
  const why = t('why', { site });
  const expiry = t('expiry', { days: LINK_TOKEN_DAYS });
  const intro = renewed ? t('newLinkIntro') : t('intro', { count: claim.replies.length });
  const text = [
    intro,
    '',
    ...claim.replies.flatMap((reply) => [`${time.format(reply.createdAt)} (${t('timeZone')})`, replyText(reply), '']),
    t('continue'),
    resumeUrl,
    '',
    why,
    t('erase'),
    eraseUrl,
    expiry,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...claim.replies.map(
      (reply) =>
        `<blockquote><p><small>${escapeHtml(`${time.format(reply.createdAt)} (${t('timeZone')})`)}</small></p><p>${escapeHtml(replyText(reply)).replace(/\n/g, '<br>')}</p></blockquote>`,
    ),
    `<p><a href="${escapeHtml(resumeUrl)}">${escapeHtml(t('continue'))}</a></p>`,
    `<p><small>${escapeHtml(why)}</small></p>`,
    `<p><small><a href="${escapeHtml(eraseUrl)}">${escapeHtml(t('erase'))}</a> ${escapeHtml(expiry)}</small></p>`,
  ].join('\n');
  return { subject: renewed ? t('newLinkSubject') : t('subject', { count: claim.replies.length }), text, html };
}

const log = (line: string) => console.warn(`[chat-email] ${line}`);
// Past a budget every due conversation is refused: one line per reason and hour, then the count.
const refusalLog = createWindowedLog({ windowMs: 60 * 60_000, write: log });

/** One run of the job: claims, then mails each claim within the visitor-mail budgets. Returns the mails sent. */
export async function sendDueReplies({
  delayMs = config.chatEmailDelayMs,
  email = readVisitorEmailConfig(),
}: { delayMs?: number; email?: EmailChannelConfig | null } = {}): Promise<number> {
  if (!email) return 0;
  let sent = 0;
  for (const claim of await claimDueReplies({ delayMs })) {
    // Claimed first: past the budget, or when SMTP fails, these replies are not mailed (logged), never sent twice.
    const budget = await reserveEmailSend({ email: claim.email });
    if (!budget.ok) {
      refusalLog(budget.reason, `${claim.sessionId}: ${claim.replies.length} reply(ies) not e-mailed (${budget.reason})`);
      continue;
    }
    try {
      const links = await createMailLinks(claim.sessionId);
      await sendEmail({ email: { ...formatReplyEmail({ claim, links }), to: [claim.email] }, config: email });
      sent += 1;
    } catch (error) {
      log(`${claim.sessionId}: sending failed: ${describeError(error, smtpSecrets(email.smtpUrl))}`);
    }
  }
  return sent;
}

export type NewLinkOutcome = 'sent' | 'unknown' | 'limited' | 'failed';

/**
 * A used (or still fresh) mail link asks for a new one: two new links go by mail to the address the
 * first mail went to, within the visitor-mail budgets; whoever holds the old link learns nothing.
 */
export async function mailNewLink({ token, email = readVisitorEmailConfig() }: { token: string; email?: EmailChannelConfig | null }): Promise<NewLinkOutcome> {
  const link = await findRenewableLink({ token });
  if (!link || !email) return 'unknown';
  const budget = await reserveEmailSend({ email: link.email });
  if (!budget.ok) return 'limited';
  try {
    const links = await createMailLinks(link.sessionId);
    const claim: ClaimedReplies = { sessionId: link.sessionId, email: link.email, locale: link.locale, replies: [] };
    await sendEmail({ email: { ...formatReplyEmail({ claim, links, renewed: true }), to: [link.email] }, config: email });
    return 'sent';
  } catch (error) {
    log(`${link.sessionId}: new link not sent: ${describeError(error, smtpSecrets(email.smtpUrl))}`);
    return 'failed';
  }
}
