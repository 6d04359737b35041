// A client's upload the virus scan refuses, through the real path: the dossier service, a real
// clamd with a test signature (Debian's clamav-daemon), the event bus and its subscribers, and a
// real SMTP listener for the operators' alert. Nothing is stored, and the mail names the dossier
// and the signature, not the client.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clamdMissing, hashSignature, startClamd } from '../../support/clamd';
import { parseMail } from '../../support/mime';
import { startSmtpPeer } from '../../support/peers';

vi.mock('server-only', () => ({}));

const dir = mkdtempSync(path.join(tmpdir(), 'dossier-virus-'));
const infected = Buffer.from('%PDF-1.4\n% a file the test signature names, sent to a dossier\n%%EOF\n');
const missing = clamdMissing();
const clamd = missing ? null : await startClamd(path.join(dir, 'clamd'), [hashSignature(infected, 'Maurice.Test.Virus')]);
const smtp = await startSmtpPeer();
// Read when lib/config is first imported, below.
Object.assign(process.env, {
  CLAMAV_SOCKET: clamd?.socket ?? path.join(dir, 'none.sock'),
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  NOTIFY_EMAIL_TO: 'agence@example.com',
});

const { OPEN_TIMEOUT_MS, pgliteDatabase } = await import('../db/test-database');
const { setFileStore } = await import('@/lib/files/key');
const { wireSubscribers } = await import('@/lib/subscribers');
const { saveLead } = await import('@/lib/leads/queries');
const { getDossierRows } = await import('@/lib/dossier/queries');
const { openDossier, uploadPage } = await import('@/lib/dossier/service');

const store = { dir: path.join(dir, 'files'), key: randomBytes(32) };

async function* body(bytes: Uint8Array) {
  yield bytes;
}

describe.skipIf(missing)('an upload the virus scan refuses', () => {
  const database = pgliteDatabase();
  beforeAll(async () => {
    await database.setUp();
    setFileStore(store);
    wireSubscribers();
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    setFileStore(undefined);
    clamd?.stop();
    await smtp.close();
    await database.tearDown();
    rmSync(dir, { recursive: true, force: true });
  }, OPEN_TIMEOUT_MS);

  it('is refused with its code, stores nothing, and the operators get an e-mail naming the dossier and the signature only', async () => {
    const lead = await saveLead({
      source: 'contact',
      name: 'Virginie Secret',
      email: 'virginie.secret@example.com',
      phone: null,
      message: 'Dossier',
      locale: 'fr',
      details: null,
      consentAt: new Date(),
    });
    const { dossier } = await openDossier({
      personId: lead.personId,
      input: { permit: 'premium_visa', nationality: 'France', locale: 'fr', targetDate: '2027-03-01', email: 'virginie.secret@example.com' },
      operatorEmail: 'op@example.com',
    });
    const dossierId = Number(dossier.id);
    const [item] = (await getDossierRows({ id: dossierId }))!.items;
    const outcome = await uploadPage({ dossierId, itemId: Number(item!.id), name: 'casier.pdf', body: body(infected), declaredBytes: infected.length });
    expect(outcome).toMatchObject({ ok: false, status: 422, code: 'virus_found' });
    expect(readdirSync(store.dir, { recursive: true }).filter((name) => String(name).endsWith('.enc'))).toEqual([]);
    expect((await getDossierRows({ id: dossierId }))!.files).toEqual([]);

    // The lead's own notification went out too; the alert is the one about the dossier.
    const alertOf = () => smtp.mails.find((mail) => parseMail(mail.raw).headers.get('subject')?.includes('antivirus'));
    await vi.waitFor(() => expect(alertOf()).toBeDefined(), { timeout: 10_000 });
    const mail = alertOf()!;
    expect(mail.rcptTo).toEqual(['agence@example.com']);
    const parsed = parseMail(mail.raw);
    expect(parsed.headers.get('subject')).toBe(`Alerte : un document refusé par l'antivirus (dossier n° ${dossierId})`);
    expect(parsed.text).toMatch(/Maurice\.Test\.Virus/);
    expect(parsed.text).toContain(`/admin/dossiers/${dossierId}`);
    expect(mail.raw).not.toMatch(/Virginie|virginie\.secret|casier/);
  });
});
if (missing) console.warn(missing);
