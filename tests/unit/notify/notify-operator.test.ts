import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMail } from '../../support/mime';
import { closedPort, startSmtpPeer, startWebhookPeer } from '../../support/peers';

const { notifyOperator } = await import('@/lib/notify/notify-operator');
const { parseConfig } = await import('@/lib/config');
const notifyModule = await import('@/lib/notify/config');
const readNotifyConfig = (source: Record<string, string>) => notifyModule.readNotifyConfig(parseConfig(source));
type NotifyConfig = import('@/lib/notify/config').NotifyConfig;

const SMTP_PASSWORD = 'sm7p-pa55word';
const WEBHOOK_SECRET = 'whsec-0123456789';
const SITE_URL = 'https://maurice-expat.example';
const PAYLOAD = '<script>alert("x")</script> & <b>co</b>\nDeuxième ligne';

const chatEvent = {
  kind: 'chat_message' as const,
  session: { id: 'session_1715000000000_abcdef', locale: 'en', startPage: '/en/services?a=1&b=<2>' },
  message: { id: 42, content: PAYLOAD, createdAt: new Date('2025-05-12T10:03:00Z') },
  firstOfConversation: true,
};

const leadEvent = {
  kind: 'lead' as const,
  lead: { id: 7, name: 'Jean <Dupont>', email: 'jean@example.com', phone: '+33 6 12 34 56 78', message: 'Bonjour & merci', source: 'contact_form' },
};

function configFor({ smtpPort, webhookUrl }: { smtpPort?: number; webhookUrl?: string }): NotifyConfig {
  const { config, problems } = readNotifyConfig({
    SITE_URL,
    ...(smtpPort && {
      SMTP_URL: `smtp://notifier:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
      NOTIFY_EMAIL_TO: 'ops@example.com, Second Operator <second@example.com>',
      NOTIFY_EMAIL_FROM: 'Maurice Expat <alerts@example.com>',
    }),
    ...(webhookUrl && { NOTIFY_WEBHOOK_URL: webhookUrl, NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET }),
  });
  expect(problems).toEqual([]);
  return config;
}

function logged(): string[] {
  return (['info', 'warn', 'error'] as const).flatMap((level) => vi.mocked(console[level]).mock.calls.map((call) => `${level} ${call.join(' ')}`));
}

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let webhook: Awaited<ReturnType<typeof startWebhookPeer>>;

beforeAll(async () => {
  [smtp, webhook] = await Promise.all([startSmtpPeer(), startWebhookPeer()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), webhook.close()]);
});
afterEach(() => {
  smtp.mails.length = 0;
  webhook.requests.length = 0;
  vi.restoreAllMocks();
});

function silenceConsole() {
  for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
}

describe('notifyOperator over real SMTP and HTTP peers', () => {
  it('e-mails every operator with the escaped message and a link to the console', async () => {
    silenceConsole();
    const result = await notifyOperator(chatEvent, { config: configFor({ smtpPort: smtp.port, webhookUrl: webhook.url }) });
    expect(result).toEqual({ email: 'sent', webhook: 'sent' });
    expect(smtp.mails).toHaveLength(1);
    const [received] = smtp.mails;
    expect(received?.user).toBe('notifier');
    expect(received?.mailFrom).toBe('alerts@example.com');
    expect(received?.rcptTo).toEqual(['ops@example.com', 'second@example.com']);
    const mail = parseMail(received?.raw ?? '');
    expect(mail.headers.get('subject')).toBe('Nouvelle conversation : « <script>alert("x")</script> & <b>co</b> Deuxième ligne »');
    expect(mail.headers.get('to')).toContain('second@example.com');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain(PAYLOAD);
    expect(mail.text).toContain('Page d’arrivée : /en/services?a=1&b=<2>');
    expect(mail.text).toMatch(new RegExp(`Console : ${SITE_URL}/admin/conversations/session_`));
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;<br>Deuxième ligne');
    expect(mail.html).toContain('/en/services?a=1&amp;b=&lt;2&gt;');
    expect(mail.html).toContain(`<a href="${SITE_URL}/admin/conversations/session_`);
  });

  it('posts the event as signed JSON, without fields beyond the documented ones', async () => {
    silenceConsole();
    const sentAt = new Date('2025-05-12T10:03:01Z');
    const session = { ...chatEvent.session, visitorEmail: 'private@example.com', operatorLastReadId: 3 };
    await notifyOperator({ ...chatEvent, session }, { config: configFor({ webhookUrl: webhook.url }), now: sentAt });
    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hooks/token-in-path');
    expect(request?.headers['content-type']).toBe('application/json');
    const signature = createHmac('sha256', WEBHOOK_SECRET)
      .update(request?.body ?? '')
      .digest('hex');
    expect(request?.headers['x-signature']).toBe(`sha256=${signature}`);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      type: 'chat_message',
      kind: 'chat_message',
      session: chatEvent.session,
      message: { id: 42, content: PAYLOAD, createdAt: '2025-05-12T10:03:00.000Z' },
      firstOfConversation: true,
      sentAt: '2025-05-12T10:03:01.000Z',
    });
    expect(logged()).toEqual([`info [notify] chat_message ${chatEvent.session.id} #42: operator notified by webhook`]);
  });

  it('formats a lead with a Reply-To the visitor and sends it on both channels', async () => {
    silenceConsole();
    const result = await notifyOperator(leadEvent, { config: configFor({ smtpPort: smtp.port, webhookUrl: webhook.url }) });
    expect(result).toEqual({ email: 'sent', webhook: 'sent' });
    const mail = parseMail(smtp.mails[0]?.raw ?? '');
    expect(mail.headers.get('subject')).toBe('Nouvelle demande de contact : Jean <Dupont>');
    expect(mail.headers.get('reply-to')).toBe('jean@example.com');
    expect(mail.text).toContain('Téléphone : +33 6 12 34 56 78');
    expect(mail.html).toContain('Jean &lt;Dupont&gt;');
    expect(JSON.parse(webhook.requests[0]?.body ?? '')).toMatchObject({ type: 'lead', lead: { ...leadEvent.lead } });
  });

  it('logs a refused SMTP connection and a webhook answering 500, without secrets, and resolves', async () => {
    silenceConsole();
    const failing = await startWebhookPeer((response) => response.writeHead(500).end('boom'));
    try {
      const config = configFor({ smtpPort: await closedPort(), webhookUrl: failing.url });
      await expect(notifyOperator(chatEvent, { config })).resolves.toEqual({ email: 'failed', webhook: 'failed' });
    } finally {
      await failing.close();
    }
    const lines = logged();
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.includes('e-mail'))).toMatch(/^error \[notify\] e-mail for chat_message .* via 127\.0\.0\.1:\d+ failed: .*ECONNREFUSED/);
    expect(lines.find((line) => line.includes('webhook'))).toMatch(/^error \[notify\] webhook for .* to 127\.0\.0\.1:\d+ failed: answered HTTP 500$/);
    for (const line of lines) {
      expect(line).not.toMatch(/sm7p-pa55word|notifier|whsec|token-in-path|script/);
      expect(line).not.toContain('\n');
    }
  });

  it('logs an SMTP server refusing the recipients without the addresses or the request', async () => {
    const refusing = await startSmtpPeer({ rejectRecipients: true });
    try {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.spyOn(console, 'info').mockImplementation(() => {});
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const result = await notifyOperator(leadEvent, { config: configFor({ smtpPort: refusing.port }) });
      expect(result.email).toBe('failed');
      expect(logged()).toContainEqual(expect.stringMatching(/^error \[notify\] e-mail for lead #7 \(contact_form\) via .* failed: EENVELOPE .*550/));
      expect(logged().join('\n')).not.toMatch(/ops@example|second@example|jean@|Dupont|12 34 56|merci|notifier|sm7p/i);
    } finally {
      await refusing.close();
    }
  });

  it('logs an SMTP server refusing the login without the credentials', async () => {
    silenceConsole();
    const refusing = await startSmtpPeer({ rejectLogin: true });
    try {
      const result = await notifyOperator(chatEvent, { config: configFor({ smtpPort: refusing.port }) });
      expect(result).toEqual({ email: 'failed', webhook: 'disabled' });
    } finally {
      await refusing.close();
    }
    expect(logged()).toEqual([expect.stringMatching(/^error \[notify\] e-mail for .* failed: EAUTH .*535/)]);
    expect(logged().join()).not.toMatch(/sm7p-pa55word|notifier/);
  });

  it('gives up on a webhook that never answers once the timeout passes', async () => {
    silenceConsole();
    const hanging = await startWebhookPeer(() => {});
    const base = configFor({ webhookUrl: hanging.url });
    const config = { ...base, webhook: base.webhook && { ...base.webhook, timeoutMs: 150 } };
    const started = Date.now();
    try {
      await expect(notifyOperator(chatEvent, { config })).resolves.toEqual({ email: 'disabled', webhook: 'failed' });
    } finally {
      await hanging.close();
    }
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(hanging.requests).toHaveLength(1);
    expect(logged()).toEqual([expect.stringMatching(/^error \[notify\] webhook for .* failed: timed out after 150 ms$/)]);
  });

  it('logs one line per event when no channel is configured', async () => {
    silenceConsole();
    const { config } = readNotifyConfig({});
    await expect(notifyOperator(leadEvent, { config })).resolves.toEqual({ email: 'disabled', webhook: 'disabled' });
    expect(logged()).toEqual([expect.stringMatching(/^info \[notify\] lead #7 \(contact_form\): no notification channel configured/)]);
  });

  it('resolves even for a malformed event', async () => {
    silenceConsole();
    const { config } = readNotifyConfig({ NOTIFY_WEBHOOK_URL: webhook.url });
    const broken = { kind: 'chat_message', session: null } as unknown as typeof chatEvent;
    await expect(notifyOperator(broken, { config })).resolves.toEqual({ email: 'failed', webhook: 'failed' });
    expect(logged()).toEqual([expect.stringMatching(/^error \[notify\] chat_message: notification aborted/)]);
    expect(webhook.requests).toHaveLength(0);
  });
});
