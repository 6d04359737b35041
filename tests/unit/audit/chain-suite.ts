import { expect, it } from 'vitest';
import { query } from '../db/test-database';

// Imported by the PGlite and PostgreSQL files after `server-only` is mocked. Tampering is done as the
// tables' owner would: the append-only trigger turned off, a row changed or removed, the trigger on.
const { recordAudit } = await import('@/lib/audit');
const { verifyAuditChain } = await import('@/lib/audit/chain');

const actor = { operatorId: 3, email: 'chain@example.com', sessionId: 'c'.repeat(64), address: '192.0.2.7' };
const record = (target: string, detail = {}) => recordAudit({ action: 'stage_changed', actor, target, detail });
const idOf = async (target: string) => Number((await query<{ id: string }>('select id::text from audit_log where target = $1', [target]))[0]!.id);

async function asOwner(statement: string, params: unknown[] = []) {
  await query('alter table audit_log disable trigger audit_log_append_only');
  try {
    await query(statement, params);
  } finally {
    await query('alter table audit_log enable trigger audit_log_append_only');
  }
}

export function describeChain() {
  it('chains each entry to the one before, in places without gaps, whatever an insert says of them', async () => {
    for (const n of [1, 2, 3]) await record(`person:70${n}`, { rows: n, note: 'é ✓ "quoted"' });
    await query(`insert into audit_log (action, target, seq, prev_digest, digest) values ('sign_in', 'person:704', 1, 'forged', 'forged')`);
    const rows = await query<{ seq: string; prev_digest: string; digest: string }>(
      `select seq::text, prev_digest, digest from audit_log where target like 'person:70_' order by seq`,
    );
    expect(rows).toHaveLength(4);
    rows.forEach((row, index) => {
      expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(Number(row.seq)).toBe(Number(rows[index - 1]!.seq) + 1);
      if (index > 0) expect(row.prev_digest).toBe(rows[index - 1]!.digest);
    });
    expect((await verifyAuditChain()).problems).toEqual([]);
    // The chain's row is the triggers' alone.
    await expect(query('update audit_chain set head_seq = 0')).rejects.toThrow(/triggers only/);
    await expect(query('delete from audit_chain')).rejects.toThrow(/triggers only/);
  });

  it('names an entry whose content was changed in the database, and is whole again once it is put back', async () => {
    await record('person:711');
    await record('person:712');
    await record('person:713');
    const id = await idOf('person:712');
    await asOwner(`update audit_log set target = 'person:999' where id = $1`, [id]);
    const { problems } = await verifyAuditChain();
    expect(problems[0]).toMatchObject({ kind: 'changed', id });
    expect(problems[0]!.text).toContain(`entry ${id} `);
    await asOwner(`update audit_log set target = 'person:712' where id = $1`, [id]);
    expect((await verifyAuditChain()).problems).toEqual([]);
    // Its digest written again to fit the new content: the next entry no longer names it.
    await asOwner(`update audit_log set detail = '{"rows":0}' where id = $1`, [id]);
    await asOwner(`update audit_log set digest = encode(sha256(convert_to('x', 'UTF8')), 'hex') where id = $1`, [id]);
    expect((await verifyAuditChain()).problems[0]).toMatchObject({ kind: 'changed', id });
    await asOwner(`update audit_log set detail = '{}' where id = $1`, [id]);
    await asOwner(`update audit_log set digest = audit_log_digest(audit_log) where id = $1`, [id]);
    expect((await verifyAuditChain()).problems).toEqual([]);
  });

  it('names the place of an entry deleted in the database, in the middle or at the end', async () => {
    await record('person:721');
    await record('person:722');
    await record('person:723');
    const [gone] = await query<{ seq: string }>(`select seq::text from audit_log where target = 'person:722'`);
    await asOwner(`delete from audit_log where target = 'person:722'`);
    const { problems } = await verifyAuditChain();
    expect(problems[0]).toMatchObject({ kind: 'removed', seq: Number(gone!.seq) });
    expect(problems[0]!.text).toMatch(new RegExp(`1 entry removed \\(place ${gone!.seq}, between entries \\d+ and ${await idOf('person:723')}\\)`));
    await asOwner(`delete from audit_log where target = 'person:723'`);
    expect((await verifyAuditChain()).problems.at(-1)!.text).toMatch(/removed at the end/);
  });
}
