import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
  headers: async () => new Headers(),
}));

const { saveLead } = await import('@/lib/leads/queries');
const { insertDossier, getDossierRows } = await import('@/lib/dossier/queries');
const { recordMilestone } = await import('@/lib/dossier/service');
const { createLink, spendLink, dossierOfSession, endSession, clientSessionsOf, DOSSIER_COOKIE, SECURE_DOSSIER_COOKIE } = await import('@/lib/dossier/access');
const { correctDossierEmail, endDossierSessions, resendLink } = await import('@/lib/dossier/client-access');
const { sessionCookie, sessionTokenOf } = await import('@/lib/dossier/client-session');
const { eraseSubject } = await import('@/lib/privacy/erasure');
const { reserveEmailSend } = await import('@/lib/leads/email-budget');
const openRoute = await import('@/app/api/dossier/open/route');

/** A person with a dossier (no SMTP here: links are made, not mailed). */
async function dossierOf(email: string) {
  const lead = await saveLead({ source: 'contact', name: 'Ada', email, phone: null, message: 'Dossier', locale: 'en', consentAt: new Date() });
  const dossier = await insertDossier({
    personId: lead.personId,
    input: { permit: 'premium_visa', nationality: 'Allemagne', locale: 'en', targetDate: '2027-03-01', email },
    operatorEmail: 'op@example.com',
  });
  return Number(dossier.id);
}

/** A browser session of the dossier, as a spent link leaves it. */
async function session(dossierId: number) {
  const spent = await spendLink({ token: await createLink({ dossierId }) });
  if (!spent.ok) throw new Error(spent.reason);
  return spent.sessionToken;
}

describe('who reaches a dossier from a browser', () => {
  const database = pgliteDatabase();
  beforeAll(() => database.setUp(), OPEN_TIMEOUT_MS);
  afterAll(() => database.tearDown(), OPEN_TIMEOUT_MS);

  it('ends one browser at its sign-out, every browser when the operator asks or sends the link again', async () => {
    const dossierId = await dossierOf('sessions@example.com');
    const [phone, laptop] = [await session(dossierId), await session(dossierId)];
    expect(await clientSessionsOf({ dossierId })).toMatchObject({ open: 2, lastOpenedAt: expect.any(Date) });
    await endSession({ token: phone });
    expect(await dossierOfSession({ token: phone })).toBeNull();
    expect(await dossierOfSession({ token: laptop })).toBe(dossierId);
    expect(await endDossierSessions({ dossierId })).toMatchObject({ sessionsEnded: 1 });
    expect(await dossierOfSession({ token: laptop })).toBeNull();
    const again = await session(dossierId);
    expect(await resendLink({ dossierId })).toMatchObject({ sessionsEnded: 1, mailed: false });
    expect(await dossierOfSession({ token: again })).toBeNull();
    expect((await clientSessionsOf({ dossierId })).open).toBe(0);
  });

  it('refuses a closed dossier’s sessions and links', async () => {
    const dossierId = await dossierOf('closed@example.com');
    const open = await session(dossierId);
    const waiting = await createLink({ dossierId });
    await recordMilestone({ dossierId, milestone: { milestone: 'closed' } });
    expect(await dossierOfSession({ token: open })).toBeNull();
    expect(await spendLink({ token: waiting })).toEqual({ ok: false, reason: 'dossier_closed' });
    expect(await query(`select kind from dossier_access where dossier_id = $1 and kind = 'session'`, [dossierId])).toEqual([]);
    // Closed without any session row left, a session is refused by the dossier's state alone.
    await query(`update dossiers set closed_at = null where id = $1`, [dossierId]);
    const reopened = await session(dossierId);
    await query(`update dossiers set closed_at = now() where id = $1`, [dossierId]);
    expect(await dossierOfSession({ token: reopened })).toBeNull();
  });

  it('corrects a mistyped address: the links mailed to the old one and the sessions they opened stop working', async () => {
    const dossierId = await dossierOf('typo@exampel.com');
    const stranger = await session(dossierId);
    const unopened = await createLink({ dossierId });
    expect(await correctDossierEmail({ dossierId, email: 'typo@example.com' })).toMatchObject({ sessionsEnded: 1, mailed: false });
    expect((await getDossierRows({ id: dossierId }))!.dossier.email).toBe('typo@example.com');
    expect(await dossierOfSession({ token: stranger })).toBeNull();
    expect(await spendLink({ token: unopened })).toEqual({ ok: false, reason: 'link_invalid' });
    // The new address's link (made by the correction) is the one waiting.
    expect(await query(`select kind from dossier_access where dossier_id = $1 and used_at is null`, [dossierId])).toEqual([{ kind: 'link' }]);
  });

  it('ends the sessions with the person’s erasure', async () => {
    const dossierId = await dossierOf('erased@example.com');
    const token = await session(dossierId);
    await eraseSubject({ email: 'erased@example.com' });
    expect(await dossierOfSession({ token })).toBeNull();
    expect(await query(`select kind from dossier_access where dossier_id = $1`, [dossierId])).toEqual([]);
  });

  it('spends a link only from the site’s own pages: another site’s form or script is refused and the link stays unspent', async () => {
    const dossierId = await dossierOf('csrf@example.com');
    const token = await createLink({ dossierId });
    const press = (headers: Record<string, string>) =>
      openRoute.POST(
        new Request('http://localhost/api/dossier/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ token }),
        }),
      );
    expect((await press({ 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' })).status).toBe(403);
    expect((await press({ 'content-type': 'text/plain' })).status).toBe(415);
    const own = await press({ 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie')).toMatch(/^dossier_session=/);
    // Behind a proxy that says HTTPS, the cookie is the __Host- one.
    const secure = await openRoute.POST(
      new Request('http://localhost/api/dossier/open', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ token: await createLink({ dossierId }) }),
      }),
    );
    expect(secure.headers.get('set-cookie')).toMatch(/^__Host-dossier_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800; Secure$/);
  });

  it('names the cookie __Host- and Secure over HTTPS, and reads the bare name only off HTTPS', () => {
    expect(sessionCookie('t', { secure: true })).toBe(`${SECURE_DOSSIER_COOKIE}=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800; Secure`);
    expect(sessionCookie('t', { secure: false })).toBe(`${DOSSIER_COOKIE}=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800`);
    const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });
    expect(sessionTokenOf(request(`other=1; ${SECURE_DOSSIER_COOKIE}=abc`))).toBe('abc');
    // SITE_URL is http here (the tests' default), so the bare name is read too.
    expect(sessionTokenOf(request(`${DOSSIER_COOKIE}=def`))).toBe('def');
  });

  it('counts the clients’ link requests in a budget of their own, apart from the visitors’ mails', async () => {
    for (let n = 0; n < 3; n += 1) expect((await reserveEmailSend({ email: `visitor${n}@example.com`, hourlyBudget: 3 })).ok).toBe(true);
    expect(await reserveEmailSend({ email: 'visitor9@example.com', hourlyBudget: 3 })).toMatchObject({ ok: false, reason: 'email_site_budget' });
    // The visitors' budget is spent; a client's link still goes, within its own.
    expect((await reserveEmailSend({ email: 'client@example.com', hourlyBudget: 3, purpose: 'dossier_link' })).ok).toBe(true);
    for (let n = 0; n < 2; n += 1) expect((await reserveEmailSend({ email: 'client@example.com', hourlyBudget: 30, purpose: 'dossier_link' })).ok).toBe(true);
    expect(await reserveEmailSend({ email: 'client@example.com', hourlyBudget: 30, purpose: 'dossier_link' })).toMatchObject({
      ok: false,
      reason: 'email_recipient_limit',
    });
  });
});
