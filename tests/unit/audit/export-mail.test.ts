import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseMail } from '../../support/mime';
import { startSmtpPeer } from '../../support/peers';

vi.mock('server-only', () => ({}));

const smtp = await startSmtpPeer();
// lib/config reads the environment once, when first imported.
vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${smtp.port}`);
vi.stubEnv('NOTIFY_EMAIL_FROM', 'site@example.test');
const { notifyDataExport } = await import('@/lib/notify');

describe('an export told to the other operators', () => {
  afterAll(async () => {
    vi.unstubAllEnvs();
    await smtp.close();
  });

  it('reaches a real SMTP listener: who, what, when, a link to the journal, no client data', async () => {
    const exported = {
      operatorEmail: 'alice@example.com',
      kind: 'person_data' as const,
      target: 'person:12,14',
      counts: { people: 2, requests: 1, conversations: 3 },
      at: '2026-11-27T10:05:00.000Z',
    };
    expect(await notifyDataExport({ exported, to: ['bob@example.com', 'carol@example.com'] })).toBe('sent');
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.rcptTo).toEqual(['bob@example.com', 'carol@example.com']);
    const { text, headers } = parseMail(mail!.raw);
    const subject = headers.get('subject') ?? '';
    expect(subject).toContain('alice@example.com a exporté les données d’une personne');
    expect(text).toContain('27 novembre 2026 à 14:05 (heure de Maurice)');
    expect(text).toContain('person:12,14');
    expect(text).toContain('Conversations : 3');
    expect(text).toContain('/admin/audit?action=person_data_exported');
    expect(await notifyDataExport({ exported, to: [] })).toBe('disabled');
    expect(smtp.mails).toHaveLength(1);
  });
});
