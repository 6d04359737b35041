// What a failure may say in the server's log: the journal outlives retention and erasure, so it
// keeps no personal data. A database error is its code and where it happened (table, constraint,
// column), never its message, query or values: Drizzle's message carries the query's `params:`,
// and PostgreSQL's own message may quote a value ("invalid input syntax …: "x"", Key (email)=(…)).
// Any other error keeps its message, one line, without URLs, e-mail addresses or given secrets
// (an SMTP server's refusal quotes the recipient).

const MIN_SECRET_LENGTH = 4;
const MAX_LENGTH = 300;
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>()]+/gi;
const EMAIL_PATTERN = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+/g;
/** PostgreSQL's SQLSTATE: five digits or capitals, at least one a digit (23505, 42P01, P0001; not EAUTH). */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; table?: unknown; constraint?: unknown; column?: unknown };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Removes URLs (they may embed credentials or tokens), e-mail addresses and the given secrets. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let result = text.replace(URL_PATTERN, '[url]');
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('[redacted]');
  }
  return result.replace(EMAIL_PATTERN, '[email]');
}

function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  for (let link = error; link && typeof link === 'object' && links.length < 5; link = (link as ErrorLike).cause) links.push(link as ErrorLike);
  return links;
}

const isQueryFailure = (link: ErrorLike) => typeof link.message === 'string' && /^Failed query:/.test(link.message);

/** The database's part of a failure (`23514 table=leads constraint=x`), or null when none is in its chain. */
export function describeDatabaseError(error: unknown): string | null {
  const links = chain(error);
  const database = links.find((link) => typeof link.code === 'string' && SQLSTATE.test(link.code));
  if (!database) {
    if (!links.some(isQueryFailure)) return null;
    // The driver's own failure under Drizzle's (a lost connection, a timeout): its message names no value.
    const driver = links.find((link) => !isQueryFailure(link));
    return driver ? `database query failed (${redact(oneLine(describeOne(driver))).slice(0, MAX_LENGTH)})` : 'database query failed';
  }
  const fields = (['table', 'constraint', 'column'] as const).flatMap((field) =>
    typeof database[field] === 'string' && database[field] ? [`${field}=${database[field] as string}`] : [],
  );
  return ['database error', database.code as string, ...fields].join(' ');
}

function describeOne(link: ErrorLike): string {
  const text = typeof link.message === 'string' && link.message ? link.message : String(link);
  const code = typeof link.code === 'string' || typeof link.code === 'number' ? String(link.code) : '';
  return code && !text.includes(code) ? `${code} ${text}` : text;
}

/** One short line for the log, with no personal data and no secret (see above). */
export function describeError(error: unknown, secrets: readonly (string | undefined)[] = []): string {
  if (!error || typeof error !== 'object') return redact(oneLine(String(error)), secrets).slice(0, MAX_LENGTH);
  const database = describeDatabaseError(error);
  if (database) return database;
  const [first, cause] = chain(error);
  const described = cause ? `${describeOne(first!)} (${describeOne(cause)})` : describeOne(first!);
  return redact(oneLine(described), secrets).slice(0, MAX_LENGTH);
}
