import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';
import { readZip } from '../../support/zip-reader';

vi.mock('server-only', () => ({}));
// No request scope here: the operators' guard finds no cookie, as for a stranger.
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
  headers: async () => new Headers(),
}));

const { setFileStore } = await import('@/lib/files/key');
const { saveLead } = await import('@/lib/leads/queries');
const { findVisaProposal, getDossierRows } = await import('@/lib/dossier/queries');
const { openDossier, review, uploadPage, validatedArchive, recordMilestone } = await import('@/lib/dossier/service');
const { createLink, spendLink, DOSSIER_COOKIE } = await import('@/lib/dossier/access');
const { presentForClient, presentForOperator } = await import('@/lib/dossier/present');
const { dossierWarnings } = await import('@/lib/dossier/warnings');
const { eraseSubject } = await import('@/lib/privacy/erasure');
const { exportSubjectData } = await import('@/lib/privacy/subject-data');
const { purgeNow } = await import('@/lib/privacy/retention');
const { buildDigest, formatDigest } = await import('@/lib/people/digest');
const { listDossierWarnings } = await import('@/lib/dossier/list');
const { planStepsFor } = await import('@/lib/dossier/plan');
const { documentIdsFor } = await import('@/lib/visa/document-ids');
const { messagesFor } = await import('@/lib/i18n/messages');
const uploadRoute = await import('@/app/api/dossier/items/[id]/files/route');
const openRoute = await import('@/app/api/dossier/open/route');
const fileRoute = await import('@/app/api/admin/dossiers/files/[id]/route');

const dir = mkdtempSync(path.join(tmpdir(), 'dossier-'));
const store = { dir: path.join(dir, 'files'), key: randomBytes(32) };
const stored = () => readdirSync(store.dir, { recursive: true }).filter((name) => String(name).endsWith('.enc'));

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '20/1 9/1 0/1' } })
    .toBuffer();

async function* body(bytes: Uint8Array) {
  yield bytes;
}

/** A client who sent a Premium Visa result by e-mail, and the dossier an operator opens from it (in German). */
async function clientWithDossier(email: string) {
  const lead = await saveLead({
    source: 'visa',
    name: 'Anna',
    email,
    phone: null,
    message: 'Premium Visa',
    locale: 'de',
    details: {
      answers: { nationality: 'Allemagne', duration: '6-12 mois', work_status: 'Oui', work_context: 'remote_foreign' },
      recommended: 'premium_visa',
      alternatives: [],
    },
    consentAt: new Date(),
  });
  const proposal = await findVisaProposal({ personId: lead.personId });
  const { dossier } = await openDossier({
    personId: lead.personId,
    input: { permit: 'premium_visa', nationality: 'Allemagne', locale: 'de', targetDate: '2027-03-01', email },
    operatorEmail: 'op@example.com',
  });
  const rows = (await getDossierRows({ id: Number(dossier.id) }))!;
  return { lead, proposal, dossierId: Number(dossier.id), items: rows.items };
}

describe('a client’s dossier', () => {
  const database = pgliteDatabase();
  beforeAll(async () => {
    await database.setUp();
    setFileStore(store);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    setFileStore(undefined);
    await database.tearDown();
    rmSync(dir, { recursive: true, force: true });
  }, OPEN_TIMEOUT_MS);

  it('opens from the person’s visa result with the visa engine’s documents for the permit and passport', async () => {
    const { proposal, items } = await clientWithDossier('open@example.com');
    expect(proposal).toMatchObject({ permit: 'premium_visa', nationality: 'Allemagne', locale: 'de' });
    expect(items.map((item) => item.documentId)).toEqual([...documentIdsFor('premium_visa', 'Allemagne')]);
    expect(items.every((item) => item.state === 'requested')).toBe(true);
  });

  it('dates the relocation plan’s steps back from the dossier’s target date', async () => {
    const { lead } = await clientWithDossier('plan@example.com');
    const steps = await planStepsFor({ personId: lead.personId, permit: 'premium_visa', targetDate: '2027-03-01', now: new Date('2026-11-27T08:00:00Z') });
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((step) => step.date.length > 0)).toBe(true);
    expect(await planStepsFor({ personId: lead.personId, permit: 'work_permit', targetDate: '2027-03-01' })).toEqual([]);
  });

  it('shows the client each item in their language, with what makes it valid marked when no source says so', async () => {
    const { dossierId } = await clientWithDossier('page@example.com');
    const page = (await presentForClient({ dossierId }))!;
    const german = messagesFor('de');
    expect(page.items[0]).toMatchObject({ label: german.VisaEngine.documents.passport, stateText: 'Angefordert' });
    expect(page.items[0]!.validity).toEqual([expect.objectContaining({ checked: false })]);
    expect(page.permit).toBe(german.VisaEngine.permits.premium_visa.name);
  });

  it('walks an item through upload, refusal in the client’s language, a new upload and validation, then archives it', async () => {
    const { dossierId, items } = await clientWithDossier('walk@example.com');
    const [passport, insurance] = items;
    const image = await photo();
    const first = await uploadPage({ dossierId, itemId: Number(passport!.id), name: 'pass.jpg', body: body(image), declaredBytes: image.length });
    expect(first.ok).toBe(true);
    expect(await uploadPage({ dossierId, itemId: Number(insurance!.id), name: 'versicherung.pdf', body: body(pdf), declaredBytes: pdf.length })).toMatchObject({
      ok: true,
    });
    // Sent, not yet checked: no longer what the client still has to send.
    expect((await presentForClient({ dossierId }))!.missing).toBe(items.length - 2);
    await review({ itemId: Number(insurance!.id), verdict: { verdict: 'refuse', reason: 'code:unreadable' } });
    expect((await presentForClient({ dossierId }))!.missing).toBe(items.length - 1);
    const refused = (await presentForClient({ dossierId }))!.items[1]!;
    expect(refused).toMatchObject({ state: 'refused', stateText: 'Abgelehnt', reason: messagesFor('de').Dossier.reasons.unreadable });
    const again = Buffer.concat([pdf.subarray(0, 9), Buffer.from('% zweite Fassung\n'), pdf.subarray(9)]);
    await uploadPage({ dossierId, itemId: Number(insurance!.id), name: 'versicherung-neu.pdf', body: body(again), declaredBytes: again.length });
    expect((await presentForClient({ dossierId }))!.items[1]).toMatchObject({ state: 'received', reason: null, pages: 1 });
    // Set aside to be checked: the client reads it in German, and the dossier is not complete yet.
    await review({ itemId: Number(passport!.id), verdict: { verdict: 'to_check' } });
    expect((await presentForClient({ dossierId }))!.items[0]).toMatchObject({ state: 'to_check', stateText: 'Wird geprüft', reason: null });
    await review({ itemId: Number(passport!.id), verdict: { verdict: 'validate', expiresOn: '2031-05-01' } });
    await review({ itemId: Number(insurance!.id), verdict: { verdict: 'validate' } });

    const archive = (await validatedArchive({ dossierId }))!;
    const chunks: Buffer[] = [];
    for await (const chunk of archive.stream) chunks.push(chunk);
    const entries = readZip(Buffer.concat(chunks));
    // The refused first PDF stays out: the archive is what goes to the EDB.
    expect(entries.map((entry) => entry.name)).toEqual([expect.stringMatching(/^01-.*-1\.jpg$/), expect.stringMatching(/^02-.*-1\.pdf$/)]);
    expect(entries[1]!.bytes.equals(again)).toBe(true);
    const jpeg = entries[0]!.bytes;
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
    expect(jpeg.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('refuses an upload to another dossier’s item, and one past the pages an item takes', async () => {
    const mine = await clientWithDossier('mine@example.com');
    const theirs = await clientWithDossier('theirs@example.com');
    expect(
      await uploadPage({ dossierId: mine.dossierId, itemId: Number(theirs.items[0]!.id), name: 'x.pdf', body: body(pdf), declaredBytes: pdf.length }),
    ).toEqual({
      ok: false,
      status: 404,
      code: 'not_found',
    });
  });

  it('answers each bad upload through the route with a 4xx code the page translates, storing nothing', async () => {
    const { dossierId, items } = await clientWithDossier('route@example.com');
    const token = await createLink({ dossierId });
    const spent = await spendLink({ token });
    expect(spent.ok).toBe(true);
    const cookie = `${DOSSIER_COOKIE}=${spent.ok ? spent.sessionToken : ''}`;
    const before = stored().length;
    const put = (bytes: Buffer, name: string, headers: Record<string, string> = {}) =>
      uploadRoute.PUT(
        new Request(`http://localhost/api/dossier/items/${items[0]!.id}/files?name=${encodeURIComponent(name)}`, {
          method: 'PUT',
          body: new Uint8Array(bytes),
          headers: { cookie, 'content-length': String(bytes.length), ...headers },
        }),
        { params: Promise.resolve({ id: String(items[0]!.id) }) },
      );
    const answer = async (response: Response) => [response.status, ((await response.json()) as { error: string }).error];
    expect(await answer(await put(Buffer.from('GIF89a not accepted'), 'scan.gif'))).toEqual([415, 'type_refused']);
    expect(await answer(await put(pdf, 'photo.jpg'))).toEqual([415, 'name_mismatch']);
    expect(await answer(await put(Buffer.concat([pdf, Buffer.alloc(21 << 20)]), 'big.pdf'))).toEqual([413, 'too_large']);
    expect(await answer(await put(pdf.subarray(0, 25), 'cut.pdf'))).toEqual([400, 'truncated']);
    const keys = Object.keys(messagesFor('de').Dossier.errors);
    expect(keys).toEqual(expect.arrayContaining(['type_refused', 'name_mismatch', 'too_large', 'truncated', 'unauthorized']));
    expect(stored().length).toBe(before);
    expect(readdirSync(path.join(store.dir, '.partial'))).toEqual([]);
    const stranger = await uploadRoute.PUT(
      new Request(`http://localhost/api/dossier/items/${items[0]!.id}/files?name=a.pdf`, { method: 'PUT', body: new Uint8Array(pdf) }),
      {
        params: Promise.resolve({ id: String(items[0]!.id) }),
      },
    );
    expect(await answer(stranger)).toEqual([401, 'unauthorized']);
  });

  it('spends a link once, by a POST: a GET sends the old query link on unspent, a tampered, used or unknown one is a 4xx code', async () => {
    const { dossierId } = await clientWithDossier('link@example.com');
    const token = await createLink({ dossierId });
    const legacy = openRoute.GET(new Request(`http://localhost/api/dossier/open?token=${token}&lang=de`));
    expect(legacy.status).toBe(303);
    expect(legacy.headers.get('location')).toBe(`/de/dossier/open#${token}`);
    expect(legacy.headers.get('set-cookie')).toBeNull();
    const open = (value: string) =>
      openRoute.POST(
        new Request('http://localhost/api/dossier/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: value }),
        }),
      );
    const answer = async (response: Response) => [response.status, ((await response.json()) as { error?: string }).error];
    expect(await answer(await open(`${token.slice(0, -2)}xx`))).toEqual([400, 'link_invalid']);
    const first = await open(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ location: '/de/dossier' });
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${DOSSIER_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax`));
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await answer(await open(token))).toEqual([410, 'link_used']);
    expect(Object.keys(messagesFor('de').Dossier.link)).toEqual(expect.arrayContaining(['link_invalid', 'link_used', 'link_expired', 'dossier_closed']));
    expect(await query(`select token_hash from dossier_access where token_hash = $1`, [token])).toEqual([]);
  });

  it('never serves a document to a request without an operator session', async () => {
    const { dossierId, items } = await clientWithDossier('served@example.com');
    const sent = await uploadPage({ dossierId, itemId: Number(items[0]!.id), name: 'p.pdf', body: body(pdf), declaredBytes: pdf.length });
    const id = sent.ok ? sent.fileId : 0;
    const response = await fileRoute.GET(new Request(`http://localhost/api/admin/dossiers/files/${id}?inline=1`), {
      params: Promise.resolve({ id: String(id) }),
    });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('%PDF');
  });

  it('warns from the recorded dates, on a day the test chooses', async () => {
    const dossier = { targetDate: '2027-03-01', submittedAt: null, permitEndsAt: null, closedAt: null };
    const police = { id: 1, documentId: 'police_record', state: 'validated' as const, expiresOn: null, issuedOn: '2026-07-15' };
    const passport = { id: 2, documentId: 'passport', state: 'validated' as const, expiresOn: '2027-11-30', issuedOn: null };
    expect(dossierWarnings({ dossier, items: [police, passport], today: '2026-12-01' })).toEqual([
      { kind: 'police_too_old', itemId: 1, date: '2027-01-15' },
      { kind: 'passport_first_year', itemId: 2, date: '2027-11-30' },
    ]);
    const recent = { ...police, issuedOn: '2026-11-01' };
    const later = { ...passport, expiresOn: '2028-06-01' };
    expect(dossierWarnings({ dossier, items: [recent, later], today: '2026-12-01' })).toEqual([]);
    const waiting = { ...later, state: 'received' as const };
    expect(dossierWarnings({ dossier, items: [recent, waiting], today: '2027-02-05' })).toEqual([
      { kind: 'missing_before_target', count: 1, date: '2027-03-01' },
    ]);
    const issued = { ...dossier, submittedAt: '2027-02-20', permitEndsAt: '2028-03-01', closedAt: new Date('2027-04-01') };
    expect(dossierWarnings({ dossier: issued, items: [], today: '2027-10-01' })).toEqual([]);
    expect(dossierWarnings({ dossier: issued, items: [], today: '2027-11-02' })).toEqual([{ kind: 'renewal', date: '2027-12-02', endsOn: '2028-03-01' }]);
  });

  it('shows the warnings on the operator’s view for the day it is asked', async () => {
    const { dossierId, items } = await clientWithDossier('dates@example.com');
    await review({ itemId: Number(items[0]!.id), verdict: { verdict: 'validate', expiresOn: '2027-06-30' } });
    const view = (await presentForOperator({ dossierId, now: new Date('2026-12-01T08:00:00Z') }))!;
    expect(view.warnings.map((warning) => warning.kind)).toEqual(['passport_first_year']);
    expect(view.warnings[0]!.text).toContain('30 juin 2027');
  });

  it('puts the date warnings in the operators’ digest and follow-ups, renewals of issued permits included', async () => {
    const { dossierId, items } = await clientWithDossier('digest@example.com');
    await review({ itemId: Number(items[0]!.id), verdict: { verdict: 'validate', expiresOn: '2027-08-31' } });
    const day = new Date('2026-12-01T06:00:00Z');
    const digest = await buildDigest(day);
    const line = digest.dossiers?.find((warning) => warning.id === dossierId);
    expect(line?.text).toContain('31 août 2027');
    expect(formatDigest(digest, { siteUrl: 'https://example.test' }).text).toMatch(/Dossiers : dates à surveiller \(\d+\)\n[\s\S]*31 août 2027/);
    await recordMilestone({ dossierId, milestone: { milestone: 'issued', on: '2027-04-01', endsOn: '2028-04-01' } });
    await recordMilestone({ dossierId, milestone: { milestone: 'closed' } });
    expect((await listDossierWarnings({ now: day })).filter((warning) => warning.id === dossierId)).toEqual([]);
    const renewals = await listDossierWarnings({ now: new Date('2027-12-10T06:00:00Z') });
    expect(renewals.filter((warning) => warning.id === dossierId).map((warning) => warning.text)).toEqual([expect.stringContaining('1 avril 2028')]);
  });

  it('erasure removes the person’s documents from storage at once; the export lists them', async () => {
    const { dossierId, items } = await clientWithDossier('erase@example.com');
    const sent = await uploadPage({ dossierId, itemId: Number(items[0]!.id), name: 'p.pdf', body: body(pdf), declaredBytes: pdf.length });
    expect(sent.ok).toBe(true);
    const exported = await exportSubjectData({ email: 'erase@example.com' });
    expect(exported.dossiers[0]!.items[0]!.files).toEqual([expect.objectContaining({ name: 'p.pdf', bytes: pdf.length })]);
    const key = (await query<{ storage_key: string }>(`select storage_key from dossier_files where item_id = $1`, [items[0]!.id]))[0]!.storage_key;
    const file = path.join(store.dir, key.slice(0, 2), `${key}.enc`);
    expect(existsSync(file)).toBe(true);
    await eraseSubject({ email: 'erase@example.com' });
    expect(existsSync(file)).toBe(false);
    expect(await query(`select id from dossiers where id = $1`, [dossierId])).toEqual([]);
  });

  it('deletes a closed dossier’s documents DOSSIER_RETENTION_DAYS after it closed, keeping its milestones', async () => {
    const { dossierId, items } = await clientWithDossier('retention@example.com');
    await uploadPage({ dossierId, itemId: Number(items[0]!.id), name: 'p.pdf', body: body(pdf), declaredBytes: pdf.length });
    await recordMilestone({ dossierId, milestone: { milestone: 'issued', on: '2027-04-01', endsOn: '2028-04-01' } });
    await recordMilestone({ dossierId, milestone: { milestone: 'closed' } });
    const retention = { chatDays: 365, leadDays: 1095, dossierDays: 365 };
    expect((await purgeNow(retention, new Date(Date.now() + 300 * 86_400_000))).dossierFiles).toBe(0);
    const later = await purgeNow(retention, new Date(Date.now() + 366 * 86_400_000));
    expect(later.dossierFiles).toBeGreaterThanOrEqual(1);
    expect(await query(`select id from dossier_files where item_id = $1`, [items[0]!.id])).toEqual([]);
    expect((await getDossierRows({ id: dossierId }))!.dossier.permitEndsAt).toBe('2028-04-01');
  });
});
