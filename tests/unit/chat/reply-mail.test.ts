import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatSession, deleteChatSession, markRead, saveMessage, verifySessionToken } from '@/lib/chat/queries';
import { claimDueReplies, formatReplyEmail, mailNewLink, sendDueReplies } from '@/lib/chat/reply-mail';
import { createLinkToken, MAX_ISSUED_BEARERS, redeemLinkToken, setVisitorEmail } from '@/lib/chat/session-links';
import { linkChatSessionToEmail } from '@/lib/leads/queries';
import { purgeExpiredData } from '@/lib/privacy/queries';
import { parseMail } from '../../support/mime';
import { startSmtpPeer } from '../../support/peers';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

async function conversation({ email = 'visitor@example.com', locale = 'de' }: { email?: string | null; locale?: string } = {}) {
  const session = await createChatSession({ locale, startPage: `/${locale}` });
  await saveMessage({ sessionId: session.id, sender: 'visitor', content: 'Hallo, ist jemand da?' });
  if (email) await setVisitorEmail({ sessionId: session.id, email });
  return session;
}

const reply = (sessionId: string, content: string) => saveMessage({ sessionId, sender: 'operator', content });
/** Claims of this test's sessions only (other tests' sessions share the database). */
const claimsOf = async (ids: string[], delayMs = 0) => (await claimDueReplies({ delayMs, limit: 1000 })).filter((claim) => ids.includes(claim.sessionId));

describe('chat replies e-mailed to the visitor (PGlite)', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('groups the unread operator replies of a conversation in one claim, claimed once', async () => {
    const { id } = await conversation();
    await reply(id, 'Guten Tag!');
    await reply(id, 'Wie kann ich helfen?');
    const [claim, ...others] = await claimsOf([id]);
    expect(others).toEqual([]);
    expect(claim).toMatchObject({ sessionId: id, email: 'visitor@example.com', locale: 'de' });
    expect(claim!.replies.map((message) => message.content)).toEqual(['Guten Tag!', 'Wie kann ich helfen?']);
    expect(await claimsOf([id])).toEqual([]);
    // A later reply is claimed on its own.
    await reply(id, 'Noch eine Frage?');
    expect((await claimsOf([id]))[0]?.replies.map((message) => message.content)).toEqual(['Noch eine Frage?']);
  });

  it('waits until the operator has been quiet for the delay', async () => {
    const { id } = await conversation();
    await reply(id, 'Sofort');
    expect(await claimsOf([id], 60_000)).toEqual([]);
    await query(`update messages set created_at = now() - interval '61 seconds' where session_id = $1`, [id]);
    expect(await claimsOf([id], 60_000)).toHaveLength(1);
  });

  it('never claims replies the visitor has read, nor a conversation without an address left in the chat', async () => {
    const read = await conversation();
    const first = await reply(read.id, 'Gelesen');
    await markRead({ sessionId: read.id, reader: 'visitor', upToId: first.id });
    const partly = await conversation();
    const seen = await reply(partly.id, 'Schon gesehen');
    await markRead({ sessionId: partly.id, reader: 'visitor', upToId: seen.id });
    await reply(partly.id, 'Neu');
    const anonymous = await conversation({ email: null });
    await reply(anonymous.id, 'Niemand bekommt das');
    // A contact form's address links the conversation to the lead; it was not left for replies.
    const fromLead = await conversation({ email: null });
    await linkChatSessionToEmail({ sessionId: fromLead.id, email: 'lead@example.com' });
    await reply(fromLead.id, 'Nur im Chat');
    const removed = await conversation();
    await setVisitorEmail({ sessionId: removed.id, email: null });
    await reply(removed.id, 'Adresse entfernt');
    const claims = await claimsOf([read.id, partly.id, anonymous.id, fromLead.id, removed.id]);
    expect(claims.map((claim) => [claim.sessionId, claim.replies.map((message) => message.content)])).toEqual([[partly.id, ['Neu']]]);
  });

  it('gives each batch to one of several concurrent claimers', async () => {
    const sessions = await Promise.all([conversation(), conversation(), conversation()]);
    for (const { id } of sessions) await reply(id, `Antwort für ${id}`);
    const ids = sessions.map((session) => session.id);
    const runs = await Promise.all([claimsOf(ids), claimsOf(ids), claimsOf(ids), claimsOf(ids)]);
    const claimed = runs.flat().map((claim) => claim.sessionId);
    expect(claimed.sort()).toEqual([...ids].sort());
    const rows = await query<{ through: string | number }>(`select visitor_emailed_through_id as through from chat_sessions where id = any($1)`, [ids]);
    expect(rows.every((row) => Number(row.through) > 0)).toBe(true);
  });

  it('writes the mail in the conversation language with the replies and both links', async () => {
    const { id } = await conversation();
    await reply(id, 'Ihr Visum ist möglich.');
    const [claim] = await claimsOf([id]);
    const mail = formatReplyEmail({ claim: claim!, links: { resume: 'T'.repeat(43), erase: 'E'.repeat(43) } });
    expect(mail.subject).toBe('Maurice Expat hat Ihnen im Chat geantwortet');
    expect(mail.text).toContain('Ihr Visum ist möglich.');
    expect(mail.text).toContain(`/de#chat=${'T'.repeat(43)}`);
    expect(mail.text).toContain(`/de#chat-erase=${'E'.repeat(43)}`);
    expect(mail.text).toContain('Diese Links sind 30 Tage gültig.');
    expect(mail.html).toContain('Ihr Visum ist möglich.');
  });

  it('sends each claim once to a real SMTP listener, within the per-address budget', async () => {
    const smtp = await startSmtpPeer();
    const email = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: [], from: 'Maurice Expat <no-reply@example.com>', timeoutMs: 5_000 };
    try {
      const address = `budget-${Date.now()}@example.com`;
      const sessions = [];
      for (let index = 0; index < 5; index += 1) sessions.push(await conversation({ email: address, locale: 'it' }));
      for (const { id } of sessions) await reply(id, `Risposta ${id}`);
      const sent = (await sendDueReplies({ delayMs: 0, email })) + (await sendDueReplies({ delayMs: 0, email }));
      // Three mails per address per day (lib/leads/email-budget.ts); the other claims are dropped, not retried.
      expect(sent).toBe(3);
      const toAddress = smtp.mails.filter((mail) => mail.rcptTo.includes(address));
      expect(toAddress).toHaveLength(3);
      const parsed = parseMail(toAddress[0]!.raw);
      expect(parsed.text).toMatch(/Risposta session_/);
      expect(parsed.text).toContain('Continua la conversazione');
    } finally {
      await smtp.close();
    }
  });

  it('mails a new pair of links for a used one, to the address the first mail went to only', async () => {
    const smtp = await startSmtpPeer();
    const email = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: [], from: 'Maurice Expat <no-reply@example.com>', timeoutMs: 5_000 };
    try {
      const address = `renew-${Date.now()}@example.com`;
      const { id } = await conversation({ email: address, locale: 'fr' });
      const used = await createLinkToken({ sessionId: id });
      expect(await redeemLinkToken({ token: used })).not.toBeNull();
      expect(await mailNewLink({ token: used, email })).toBe('sent');
      expect(smtp.mails.map((mail) => mail.rcptTo)).toEqual([[address]]);
      const { text, headers } = parseMail(smtp.mails[0]!.raw);
      expect(headers.get('subject')).toBe('Votre nouveau lien vers le chat de Maurice Expat');
      const fresh = /#chat=([A-Za-z0-9_-]+)/.exec(text)![1]!;
      const erase = /#chat-erase=([A-Za-z0-9_-]+)/.exec(text)![1]!;
      expect(new Set([used, fresh, erase]).size).toBe(3);
      expect((await redeemLinkToken({ token: fresh }))?.id).toBe(id);
      expect(await redeemLinkToken({ token: fresh })).toBeNull();

      expect(await mailNewLink({ token: 'forged-token-forged-token-forged', email })).toBe('unknown');
      // The conversation's address changed since: nothing goes to the new one, nor to the old.
      await setVisitorEmail({ sessionId: id, email: `other-${address}` });
      expect(await mailNewLink({ token: used, email })).toBe('unknown');
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('turns a link token into a bearer token of its own, once, until it expires or the conversation is erased', async () => {
    const { id, token } = await conversation();
    const link = await createLinkToken({ sessionId: id });
    const resumed = await redeemLinkToken({ token: link });
    expect(resumed?.id).toBe(id);
    // Opened once: the same link opens nothing more, in this browser or another.
    expect(await redeemLinkToken({ token: link })).toBeNull();
    expect(resumed?.token).not.toBe(link);
    expect(resumed?.token).not.toBe(token);
    expect((await verifySessionToken({ id, token: resumed!.token }))?.id).toBe(id);
    // The link itself is no bearer token, and a forged one opens nothing.
    expect(await verifySessionToken({ id, token: link })).toBeNull();
    expect(await redeemLinkToken({ token: 'forged-token-forged-token-forged' })).toBeNull();
    // The original browser keeps its token.
    expect((await verifySessionToken({ id, token }))?.id).toBe(id);
    // Browsers beyond the cap lose their token, oldest first.
    const issued = [resumed!.token];
    for (let index = 0; index < MAX_ISSUED_BEARERS; index += 1)
      issued.push((await redeemLinkToken({ token: await createLinkToken({ sessionId: id }) }))!.token);
    expect(await verifySessionToken({ id, token: issued[0]! })).toBeNull();
    expect((await verifySessionToken({ id, token: issued.at(-1)! }))?.id).toBe(id);

    const unopened = await createLinkToken({ sessionId: id });
    await query(`update chat_session_tokens set expires_at = now() - interval '1 second' where kind = 'link' and session_id = $1`, [id]);
    expect(await redeemLinkToken({ token: unopened })).toBeNull();
    await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
    expect(await query(`select 1 from chat_session_tokens where kind = 'link' and session_id = $1`, [id])).toEqual([]);

    await deleteChatSession({ id });
    expect(await query(`select 1 from chat_session_tokens where session_id = $1`, [id])).toEqual([]);
  });
});
