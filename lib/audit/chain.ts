import 'server-only';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

// The journal's chain, checked here apart from the database's own digest function (migration
// roles_audit_chain, audit_log_digest): each entry's SHA-256 over its place, the digest before it
// and its content; the places 1, 2, 3… without gaps from the anchor (the last purged entry) to the
// head (the last written). The database only formats the values (a timestamp and a JSON as text).

export type ChainRow = {
  id: string;
  seq: string;
  prev_digest: string;
  digest: string;
  at: string;
  action: string;
  operator_id: string | null;
  operator_email: string | null;
  session_ref: string | null;
  address: string | null;
  target: string | null;
  detail: string;
};

const field = (value: string | null) => (value === null ? '-' : `${[...value].length}:${value}`);

/** The digest an entry must hold, from its content and the digest it names as the one before. */
export function entryDigest(row: ChainRow): string {
  const text = [
    row.seq,
    row.prev_digest,
    row.id,
    row.at,
    field(row.action),
    field(row.operator_id),
    field(row.operator_email),
    field(row.session_ref),
    field(row.address),
    field(row.target),
    field(row.detail),
  ].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export type ChainProblem = { kind: 'changed' | 'removed' | 'inserted'; seq: number; id: number | null; text: string };
export type ChainReport = { checked: number; anchorSeq: number; headSeq: number; headDigest: string; problems: ChainProblem[] };

const describe = (row: ChainRow) => `entry ${row.id} (place ${row.seq}, ${row.action}, ${row.at})`;

/** Walks the chain from its anchor to its head, in pages, keeping at most `limit` problems (the first one names where it breaks). */
export async function verifyAuditChain({ page = 1000, limit = 50 }: { page?: number; limit?: number } = {}): Promise<ChainReport> {
  const rowsOf = await rowReader();
  const [chain] = await rowsOf<{ head_seq: string; head_digest: string; anchor_seq: string; anchor_digest: string }>(
    sql`select head_seq::text, head_digest, anchor_seq::text, anchor_digest from audit_chain where id = 1`,
  );
  if (!chain) throw new Error('the journal has no chain (audit_chain is empty): the migration did not run, or its row was removed');
  const anchorSeq = Number(chain.anchor_seq);
  const headSeq = Number(chain.head_seq);
  const problems: ChainProblem[] = [];
  const report = (problem: ChainProblem) => problems.length < limit && problems.push(problem);
  let expectedSeq = anchorSeq + 1;
  let expectedPrev = chain.anchor_digest;
  let beforePrevious: string | null = null;
  let previous: ChainRow | null = null;
  let checked = 0;
  for (let after = -1; ;) {
    const rows = await rowsOf<ChainRow>(sql`
      select id::text, seq::text, prev_digest, digest, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        action, operator_id::text, operator_email, session_ref, address, target, detail::text
      from audit_log where audit_log.seq > ${after} order by audit_log.seq limit ${page}`);
    for (const row of rows) {
      const seq = Number(row.seq);
      checked += 1;
      if (seq <= anchorSeq || seq > headSeq) {
        report({ kind: 'inserted', seq, id: Number(row.id), text: `${describe(row)} lies outside the chain (places ${anchorSeq + 1}–${headSeq}): inserted` });
        continue;
      }
      if (seq > expectedSeq) {
        const span = seq - 1 === expectedSeq ? `place ${expectedSeq}` : `places ${expectedSeq}–${seq - 1}`;
        const where = previous ? `between entries ${previous.id} and ${row.id}` : `before entry ${row.id}`;
        report({
          kind: 'removed',
          seq: expectedSeq,
          id: null,
          text: `${seq - expectedSeq} entr${seq - expectedSeq === 1 ? 'y' : 'ies'} removed (${span}, ${where})`,
        });
      } else if (row.prev_digest !== expectedPrev && previous) {
        if (row.prev_digest === beforePrevious) {
          report({
            kind: 'inserted',
            seq: Number(previous.seq),
            id: Number(previous.id),
            text: `${describe(previous)} was inserted: the entry after it names the one before it`,
          });
        } else {
          report({
            kind: 'changed',
            seq: Number(previous.seq),
            id: Number(previous.id),
            text: `${describe(previous)} changed: its digest is not the one the next entry holds`,
          });
        }
      } else if (row.prev_digest !== expectedPrev) {
        report({ kind: 'changed', seq, id: Number(row.id), text: `${describe(row)} changed: it does not follow the anchor of the last purge` });
      }
      if (entryDigest(row) !== row.digest)
        report({ kind: 'changed', seq, id: Number(row.id), text: `${describe(row)} changed: its content no longer gives its digest` });
      beforePrevious = previous?.digest ?? expectedPrev;
      previous = row;
      expectedPrev = row.digest;
      expectedSeq = seq + 1;
    }
    if (rows.length < page) break;
    after = Number(rows.at(-1)!.seq);
  }
  if (expectedSeq <= headSeq) {
    const span = expectedSeq === headSeq ? `place ${headSeq}` : `places ${expectedSeq}–${headSeq}`;
    report({
      kind: 'removed',
      seq: expectedSeq,
      id: null,
      text: `${headSeq - expectedSeq + 1} entr${headSeq === expectedSeq ? 'y' : 'ies'} removed at the end (${span})`,
    });
  } else if (previous && previous.digest !== chain.head_digest && Number(previous.seq) === headSeq) {
    report({ kind: 'changed', seq: headSeq, id: Number(previous.id), text: `${describe(previous)} changed: its digest is not the head's` });
  }
  return { checked, anchorSeq, headSeq, headDigest: chain.head_digest, problems };
}

/** Raw rows, every value as text as the database writes it: the same on PGlite and pg. */
async function rowReader() {
  const db = await getDb();
  // Raw SQL: the casts to text are the point (Drizzle would parse them back into numbers and dates).
  return async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The report as the command prints it: a line that says the chain is whole, or its problems, the first naming where it breaks. */
export function chainReportText(report: ChainReport): { ok: boolean; text: string } {
  const span = `places ${report.anchorSeq + 1}–${report.headSeq}${report.anchorSeq > 0 ? `, after the purge anchor at place ${report.anchorSeq}` : ''}`;
  if (report.problems.length === 0) {
    return { ok: true, text: `The journal's chain is whole: ${report.checked} entries checked (${span}); head ${report.headSeq} ${report.headDigest}.` };
  }
  const lines = report.problems.map((problem) => `- ${problem.text}`);
  return { ok: false, text: [`The journal's chain is broken (${report.checked} entries read, ${span}):`, ...lines].join('\n') };
}

/** The control socket's `audit-verify` (lib/control/socket.ts): the same check, run by the server that holds the embedded database. */
export const isAuditVerifyRequest = (request: unknown) => (request as { command?: unknown } | null)?.command === 'audit-verify';
export async function answerAuditVerify() {
  const { ok, text } = chainReportText(await verifyAuditChain());
  return { ok, message: text };
}
