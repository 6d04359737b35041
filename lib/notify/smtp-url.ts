export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The SMTP login and password, raw and decoded, for log redaction. */
export function smtpSecrets(smtpUrl: string): string[] {
  const { username, password } = new URL(smtpUrl);
  return [username, password, safeDecode(username), safeDecode(password)].filter(Boolean);
}

/** `host:port` of the SMTP URL, the only part of it a log may show. */
export function smtpEndpoint(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
}
