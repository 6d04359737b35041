export type MailPart = { type: string; filename: string | null; content: string };
export type ParsedMail = { headers: Map<string, string>; text: string; html: string; attachments: MailPart[] };

function decodeQuotedPrintable(value: string): string {
  const text = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text[index] === '=' ? text.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, index).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(index + 4) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** The leaf parts of an entity, nested multiparts (a mail with attachments) opened in turn. */
function leafParts(headers: Map<string, string>, body: string): MailPart[] {
  const type = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (!boundary) {
    const filename = /filename="?([^";]+)"?/.exec(headers.get('content-disposition') ?? '')?.[1] ?? null;
    return [{ type, filename, content: decodeBody(headers, body) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => {
      const entity = splitEntity(part.replace(/^\r\n/, ''));
      return leafParts(entity.headers, entity.body);
    });
}

/** Just enough MIME to read what nodemailer sends: headers, a text and an HTML part, attachments. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts = /boundary=/.test(headers.get('content-type') ?? '') ? leafParts(headers, body) : [];
  const find = (type: string) =>
    parts
      .find((part) => part.type.startsWith(type) && !part.filename)
      ?.content.replace(/\r\n/g, '\n')
      .trimEnd() ?? '';
  return { headers, text: find('text/plain'), html: find('text/html'), attachments: parts.filter((part) => part.filename) };
}
