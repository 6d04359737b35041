export type ParsedMail = { headers: Map<string, string>; text: string; html: string };

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
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
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

/** Just enough MIME to read what nodemailer sends: headers, and a text and an HTML part. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [];
  const decoded = parts.map((part) => {
    const entity = splitEntity(part.replace(/^\r\n/, ''));
    return { type: entity.headers.get('content-type') ?? '', content: decodeBody(entity.headers, entity.body) };
  });
  const find = (type: string) => decoded.find((part) => part.type.startsWith(type))?.content.replace(/\r\n/g, '\n').trimEnd() ?? '';
  return { headers, text: find('text/plain'), html: find('text/html') };
}
