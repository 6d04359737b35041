// Run with `tsx --conditions=react-server` before a test's own server starts on DATA_DIR (PGlite
// takes one process at a time): opens `count` dossiers, each with its client's browser session, the
// way bench-dossier.ts does, and prints them as JSON: the session cookie and an item of each. With
// `--refused-bytes N` the last dossier also holds a page of N bytes an operator refused (its row
// only: the quota counts rows).
import { parseArgs } from 'node:util';
import { openAppDatabase, closeDb, getDb } from '@/lib/db/client';
import { dossierFiles } from '@/lib/db/schema';
import { createLink, DOSSIER_COOKIE, spendLink } from '@/lib/dossier/access';
import { getDossierRows, insertDossier } from '@/lib/dossier/queries';
import { saveLead } from '@/lib/leads/queries';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, count: { type: 'string' }, 'refused-bytes': { type: 'string' } } });

async function main() {
  await openAppDatabase({ dataDir: values['data-dir']!, databaseUrl: undefined });
  const clients: { cookie: string; items: number[] }[] = [];
  for (let n = 0; n < Number(values.count ?? 1); n += 1) {
    const email = `uploads${n}.${Date.now().toString(36)}@example.com`;
    const lead = await saveLead({
      source: 'visa',
      name: `Client ${n}`,
      email,
      phone: null,
      message: 'seed',
      locale: 'fr',
      details: null,
      consentAt: new Date(),
    });
    const dossier = await insertDossier({
      personId: lead.personId,
      input: { permit: 'premium_visa', nationality: 'Allemagne', locale: 'fr', targetDate: '2030-06-01', email },
      operatorEmail: 'seed@example.com',
    });
    const spent = await spendLink({ token: await createLink({ dossierId: Number(dossier.id) }) });
    if (!spent.ok) throw new Error('link not spent');
    const rows = await getDossierRows({ id: Number(dossier.id) });
    clients.push({ cookie: `${DOSSIER_COOKIE}=${spent.sessionToken}`, items: rows!.items.map((item) => Number(item.id)) });
  }
  if (values['refused-bytes']) {
    const last = clients.at(-1)!;
    const db = await getDb();
    await db.insert(dossierFiles).values({
      itemId: last.items[0]!,
      storageKey: 'f'.repeat(32),
      name: 'refused.pdf',
      mime: 'application/pdf',
      bytes: Number(values['refused-bytes']),
      sha256: '0'.repeat(64),
      refusedAt: new Date(),
    });
  }
  await closeDb();
  process.stdout.write(JSON.stringify(clients));
}

void main();
