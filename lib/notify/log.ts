const PREFIX = '[notify]';
const MIN_SECRET_LENGTH = 4;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const notifyLog = {
  info: (line: string) => console.info(`${PREFIX} ${oneLine(line)}`),
  warn: (line: string) => console.warn(`${PREFIX} ${oneLine(line)}`),
  error: (line: string) => console.error(`${PREFIX} ${oneLine(line)}`),
};

/** Removes URLs (they may embed credentials or tokens) and the given secrets from a message. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let result = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, '[url]');
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('[redacted]');
  }
  return result;
}

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; responseCode?: unknown; cause?: unknown };

function errorPart(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const { message, code } = error as ErrorLike;
  const text = typeof message === 'string' && message ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code} ${text}` : text;
}

/** One short, secret-free description of a failure, including a fetch error's cause. */
export function describeError(error: unknown, secrets: readonly (string | undefined)[] = []): string {
  const cause = error && typeof error === 'object' ? (error as ErrorLike).cause : undefined;
  const described = cause ? `${errorPart(error)} (${errorPart(cause)})` : errorPart(error);
  return redact(oneLine(described), secrets).slice(0, 300);
}
