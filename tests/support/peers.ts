import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { mailFrom: string; rcptTo: string[]; user: unknown; raw: string };

/**
 * A real SMTP listener on loopback that accepts (or refuses) any login and keeps every raw message;
 * `rejectRecipients` refuses every RCPT TO with a 550 that quotes the address, as real servers do.
 */
export async function startSmtpPeer({ rejectLogin = false, rejectRecipients = false } = {}) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => (rejectLogin ? callback(new Error('Invalid username or password')) : callback(null, { user: auth.username })),
    onRcptTo: (address, _session, callback) =>
      rejectRecipients
        ? callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: user unknown`), { responseCode: 550 }))
        : callback(),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        mails.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((recipient) => recipient.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type Responder = (response: ServerResponse) => void;

/** A real HTTP receiver on loopback; `respond` may answer an error or never answer at all. */
export async function startWebhookPeer(respond: Responder = (response) => response.writeHead(204).end()) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      respond(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/token-in-path`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
