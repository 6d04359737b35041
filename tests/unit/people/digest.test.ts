import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpPeer } from '../../support/peers';
import { OPEN_TIMEOUT_MS, postgresDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { setFollowUp } = await import('@/lib/people/record-queries');
const { runDigestIfDue } = await import('@/lib/people/digest');

// 08:05 in Mauritius on 25 November 2026.
const MORNING = new Date('2026-11-25T04:05:00Z');

describe('the operators’ daily digest on PostgreSQL', () => {
  const database = postgresDatabase();
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    await database.setUp();
    smtp = await startSmtpPeer();
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await smtp?.close();
    await database.tearDown();
  }, OPEN_TIMEOUT_MS);

  const email = () => ({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: ['equipe@example.com'], from: 'site@example.com', timeoutMs: 5000 });
  const run = (now: Date) => runDigestIfDue({ now, email: email(), siteUrl: 'https://maurice-expat.test' });

  it('waits for 08:00 Mauritius time and sends nothing without SMTP', async () => {
    expect(await run(new Date('2026-11-25T03:59:00Z'))).toBe('not_yet');
    expect(await runDigestIfDue({ now: MORNING, email: null, siteUrl: 'x' })).toBe('no_email');
    // DIGEST_TIME=06:30: from 06:30 Mauritius time (02:30 UTC) on.
    expect(await runDigestIfDue({ now: new Date('2026-11-25T02:29:00Z'), at: 6 * 60 + 30, email: null, siteUrl: 'x' })).toBe('not_yet');
    expect(await runDigestIfDue({ now: new Date('2026-11-25T02:30:00Z'), at: 6 * 60 + 30, email: null, siteUrl: 'x' })).toBe('no_email');
  });

  it('is sent once per day whatever the number of instances, with follow-ups due and waiting conversations', async () => {
    const waiting = await createChatSession({ locale: 'de', startPage: '/de/visa-finder' });
    await saveMessage({ sessionId: waiting.id, sender: 'visitor', content: 'Wie lange dauert <das>?' });
    const answered = await createChatSession({ locale: 'fr', startPage: '/fr' });
    await saveMessage({ sessionId: answered.id, sender: 'visitor', content: 'Merci' });
    await setFollowUp({ key: `chat:${answered.id}`, at: new Date('2026-11-25T05:00:00Z'), reason: 'Envoyer le devis', operatorEmail: 'op@example.com' });
    await saveMessage({ sessionId: answered.id, sender: 'operator', content: 'Avec plaisir' });

    const outcomes = await Promise.all([run(MORNING), run(MORNING), run(new Date(MORNING.getTime() + 60_000))]);
    expect(outcomes.sort()).toEqual(['claimed_elsewhere', 'claimed_elsewhere', 'sent']);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.rcptTo).toEqual(['equipe@example.com']);
    expect(mail.raw).toContain('Envoyer le devis');
    expect(mail.raw).toContain('Visiteur');
    expect(mail.raw).toContain('&lt;das&gt;');
    expect(mail.raw).not.toContain('Avec plaisir');
  });

  it('sends nothing on a day with nothing to say', async () => {
    await query('delete from chat_sessions');
    await query('delete from person_records');
    expect(await run(new Date('2026-11-26T04:30:00Z'))).toBe('empty');
    expect(smtp.mails).toHaveLength(1);
  });
});
