import 'server-only';
import type { EmailChannelConfig } from './config';

export type OutgoingEmail = {
  subject: string;
  text: string;
  html: string;
  to?: string[];
  replyTo?: string;
  /** Files sent with the message, e.g. a relocation plan's calendar. */
  attachments?: { filename: string; content: string; contentType: string }[];
};

/** Sends one message (to the operators unless `to` says otherwise); rejects on any SMTP failure. */
export async function sendEmail({ email, config }: { email: OutgoingEmail; config: EmailChannelConfig }): Promise<void> {
  // Loaded by the first mail rather than at start: a server without SMTP never needs it.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs * 3,
    logger: false,
  });
  try {
    await transport.sendMail({
      from: config.from,
      to: email.to ?? config.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(email.attachments ? { attachments: email.attachments } : {}),
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  } finally {
    transport.close();
  }
}
