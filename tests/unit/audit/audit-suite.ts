import { expect, it } from 'vitest';
import { query } from '../db/test-database';

// Imported by the PGlite and PostgreSQL files after `server-only` and the operator session are mocked.
const { AUDIT_ACTIONS, peopleTarget, recordAudit, recordAuditView } = await import('@/lib/audit');
const { listAuditEntries, listAuditEntriesForExport, listAuditOperators, purgeAuditLog } = await import('@/lib/audit/queries');
const { readAuditFilter } = await import('@/lib/audit/filter');
const { verifyAuditChain } = await import('@/lib/audit/chain');
const { auditCsv } = await import('@/lib/audit/csv');
const { messagesFor } = await import('@/lib/i18n/messages');
const { saveLead } = await import('@/lib/leads/queries');
const { eraseSubject } = await import('@/lib/privacy/erasure');
const peopleActions = await import('@/components/admin/people/actions');
const requestActions = await import('@/components/admin/requests/actions');
const replyActions = await import('@/components/admin/replies/actions');
const privacyRoute = await import('@/app/api/admin/privacy/route');
const peopleExport = await import('@/app/api/admin/people/export/route');
const auditExport = await import('@/app/api/admin/audit/export/route');

const SESSION = 'a'.repeat(64);
const actor = { operatorId: 7, email: 'Alice@Example.com', sessionId: SESSION, address: '203.0.113.9' };
const texts = messagesFor('fr').AdminConsole.audit;
const filter = (params: Record<string, string>) => readAuditFilter(new URLSearchParams(params));
const entriesOf = async (target: string) => (await listAuditEntries(filter({ target }))).entries;
const get = (handler: (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>, url: string) =>
  handler(new Request(url, { headers: { 'x-forwarded-for': '198.51.100.4' } }), { params: Promise.resolve({}) });

const lead = (email: string, name = 'Claire Martin') =>
  saveLead({ source: 'contact', name, email, phone: '+230 5 123 4567', message: 'Un message privé', locale: 'fr', details: null, consentAt: new Date() });

export function describeAudit() {
  it('appends who, when, from where, which session and on what, with a prefix of the stored session id', async () => {
    await recordAudit({ action: 'stage_changed', actor, target: 'person:901', detail: { stage: 'client' } });
    const [entry] = await entriesOf('person:901');
    expect(entry).toMatchObject({
      action: 'stage_changed',
      operatorId: 7,
      operatorEmail: 'alice@example.com',
      sessionRef: SESSION.slice(0, 16),
      address: '203.0.113.9',
      detail: { stage: 'client' },
    });
    expect(Date.now() - entry!.at.getTime()).toBeLessThan(60_000);
    await expect(recordAudit({ action: 'nope' as never, actor })).rejects.toThrow(/unknown audit action/);
    expect(AUDIT_ACTIONS).toContain('sign_in_failed');
  });

  it('refuses every update, delete and truncate but the purge’s, which deletes only what is past retention', async () => {
    await recordAudit({ action: 'people_csv_exported', actor, target: 'person:902' });
    await expect(query(`update audit_log set target = 'person:0' where target = 'person:902'`)).rejects.toThrow(/append-only/);
    await expect(query(`delete from audit_log where target = 'person:902'`)).rejects.toThrow(/append-only/);
    await expect(query('truncate audit_log')).rejects.toThrow(/append-only/);
    await query(`insert into audit_log (action, target, at) values ('sign_in', 'person:903', now() - interval '800 days')`);
    // Written after newer entries, it waits for them: the chain is cut at its start only.
    expect(await purgeAuditLog({ days: 730 })).toBe(0);
    expect(await entriesOf('person:903')).toHaveLength(1);
    // Outside the purge's transaction the setting is gone: deletes are refused again.
    await expect(query(`delete from audit_log where target = 'person:902'`)).rejects.toThrow(/append-only/);
    // A thousand days on, all of them are past retention; the chain still checks from its new anchor.
    expect(await purgeAuditLog({ days: 730, now: new Date(Date.now() + 1000 * 86_400_000) })).toBeGreaterThanOrEqual(2);
    expect(await entriesOf('person:903')).toEqual([]);
    expect(await entriesOf('person:902')).toEqual([]);
    await recordAudit({ action: 'people_csv_exported', actor, target: 'person:904' });
    expect((await verifyAuditChain()).problems).toEqual([]);
  });

  it('filters by action, operator, Mauritian days and target, pages newest first', async () => {
    for (let i = 0; i < 3; i += 1) await recordAudit({ action: 'canned_reply_saved', actor: { ...actor, email: 'bob@example.com' }, target: 'canned:77' });
    await recordAudit({ action: 'canned_reply_deleted', actor, target: 'canned:77' });
    expect((await listAuditEntries(filter({ target: 'canned:77' }))).total).toBe(4);
    expect((await listAuditEntries(filter({ target: 'canned:77', action: 'canned_reply_deleted' }))).total).toBe(1);
    expect((await listAuditEntries(filter({ target: 'canned:77', operator: 'bob@example.com' }))).total).toBe(3);
    expect(await listAuditOperators()).toEqual(expect.arrayContaining(['alice@example.com', 'bob@example.com']));
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    expect((await listAuditEntries(filter({ target: 'canned:77', from: today, to: today }))).total).toBe(4);
    expect((await listAuditEntries(filter({ target: 'canned:77', to: '2020-01-01' }))).total).toBe(0);
    await recordAudit({ action: 'person_erased', actor, target: peopleTarget([932, 931]) });
    expect((await entriesOf('person:932')).map((entry) => entry.target)).toEqual(['person:931,932']);
    expect(await entriesOf('person:93')).toEqual([]);
    const [newest] = (await listAuditEntries(filter({ target: 'canned:77' }))).entries;
    expect(newest?.action).toBe('canned_reply_deleted');
    // An invalid value is dropped, not refused.
    expect(filter({ action: 'drop_table', from: '2026-02-30', page: '-1' })).toEqual({
      action: undefined,
      operator: undefined,
      from: undefined,
      to: undefined,
      target: undefined,
      page: 1,
    });
  });

  it('counts a session reading the same page of the journal again within minutes as one reading', async () => {
    const reader = { ...actor, sessionId: 'b'.repeat(64) };
    const views = async () => (await query(`select count(*)::int as n from audit_log where action = 'audit_viewed' and session_ref = '${'b'.repeat(16)}'`))[0];
    await recordAuditView({ actor: reader, detail: { target: 'person:5', page: 1 } });
    await recordAuditView({ actor: reader, detail: { page: 1, target: 'person:5' } });
    expect(await views()).toEqual({ n: 1 });
    await recordAuditView({ actor: reader, detail: { target: 'person:5', page: 2 } });
    await recordAuditView({ actor: { ...reader, sessionId: 'c'.repeat(64) }, detail: { target: 'person:5', page: 2 } });
    expect(await views()).toEqual({ n: 2 });
  });

  it('writes the CSV in Mauritius time with French headers and neutralised formulas', async () => {
    await recordAudit({ action: 'person_erased', actor, target: '=cmd|x', detail: { people: 2 } });
    const csv = auditCsv(await listAuditEntriesForExport({ target: '=cmd|x' }), texts);
    const [header, row] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Date (heure de Maurice),Action,Opérateur,Adresse,Session,Cible,Détail');
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Effacement des données d’une personne,alice@example.com,203\.0\.113\.9,a{16},'=cmd\|x,people=2$/);
  });

  it('records the console’s actions on people and replies by id, never a name, address or text', async () => {
    const { personId } = await lead('zoe@example.com', 'Zoé Secret');
    const key = String(personId);
    const other = String((await lead('yan@example.com')).personId);
    expect((await peopleActions.changeStage(key, { stage: 'qualified' })).ok).toBe(true);
    expect((await peopleActions.correctDetails(key, { name: 'Zoé Corrigée', phone: null })).ok).toBe(true);
    expect((await peopleActions.merge(other, key)).ok).toBe(true);
    expect((await peopleActions.unmerge(other)).ok).toBe(true);
    const saved = await replyActions.saveReply(null, { shortcut: 'audit-test', texts: { fr: 'Bonjour' } });
    expect(saved.ok).toBe(true);
    const replyId = saved.ok ? saved.value.id : 0;
    expect((await replyActions.deleteReply(replyId)).ok).toBe(true);

    const own = await entriesOf(`person:${key}`);
    expect(own.map((entry) => entry.action).sort()).toEqual(['person_corrected', 'stage_changed']);
    expect(own.find((entry) => entry.action === 'person_corrected')?.detail).toEqual({ name: 'set', phone: 'cleared' });
    expect((await entriesOf(`person:${other}`)).map((entry) => [entry.action, entry.detail])).toEqual([
      ['records_unmerged', {}],
      ['records_merged', { into: Number(key) }],
    ]);
    expect((await entriesOf(`canned:${replyId}`)).map((entry) => entry.action)).toEqual(['canned_reply_deleted', 'canned_reply_saved']);
    const everything = JSON.stringify(await query('select * from audit_log'));
    expect(everything).not.toMatch(/Zoé|zoe@example|Secret|Corrigée|Bonjour|Un message privé/);
  });

  it('records the exports before the file leaves, and an erasure that leaves the entries in place', async () => {
    const { personId } = await lead('erase.me@example.com', 'Eve Effacée');
    const target = peopleTarget([personId]);
    const data = await get(privacyRoute.GET, 'http://localhost/api/admin/privacy?email=erase.me%40example.com');
    expect(data.status).toBe(200);
    const csv = await get(peopleExport.GET, 'http://localhost/api/admin/people/export?view=all');
    expect(csv.status).toBe(200);
    const erased = await requestActions.eraseSubject('erase.me@example.com');
    expect(erased).toEqual({ ok: true, value: { leads: 1, conversations: 0, people: 1 } });
    expect((await eraseSubject({ email: 'erase.me@example.com' })).people).toBe(0);

    const entries = await entriesOf(target);
    expect(entries.map((entry) => entry.action)).toEqual(['person_erased', 'person_data_exported']);
    expect(entries[1]).toMatchObject({ address: '198.51.100.4', detail: { people: 1, requests: 1, conversations: 0 } });
    const [csvEntry] = (await listAuditEntries(filter({ action: 'people_csv_exported', operator: 'op@example.com' }))).entries;
    expect(csvEntry?.detail).toMatchObject({ view: 'all' });
    expect(JSON.stringify(await query('select * from audit_log'))).not.toMatch(/erase\.me|Eve/);

    // Reading the journal's CSV is itself recorded.
    const journal = await get(auditExport.GET, `http://localhost/api/admin/audit/export?target=${encodeURIComponent(target)}`);
    expect(await journal.text()).toContain('Export des données d’une personne');
    const [exported] = (await listAuditEntries(filter({ action: 'audit_exported' }))).entries;
    expect(exported?.detail).toEqual({ target, rows: 2 });
  });
}
