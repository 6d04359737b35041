import 'server-only';
import { config } from '@/lib/config';
import { reserveEmailSend } from '@/lib/leads/email-budget';
import { describeError } from '@/lib/log/describe-error';
import { endClientSessions } from './access';
import { findOpenDossierByEmail, getDossierRows, updateDossier } from './queries';
import { sendClientLink } from './service';

// Who may reach a dossier from a browser, as the client and the operators change it. Every change
// ends the sessions it makes doubtful; the console's actions journal them.

/**
 * "Send me a new link", done after the answer has gone: the same answer, at once, for every
 * address. Within the dossier links' own budget (3 a day per address, DOSSIER_LINK_HOURLY_BUDGET
 * an hour for the site); the browsers already open stay open, so a stranger typing a client's
 * address signs nobody out.
 */
export async function mailLinkOnRequest({ email }: { email: string }): Promise<'sent' | 'no_dossier' | 'limited' | 'no_mail' | 'failed'> {
  try {
    const dossier = await findOpenDossierByEmail({ email });
    if (!dossier) return 'no_dossier';
    const budget = await reserveEmailSend({ email, purpose: 'dossier_link', hourlyBudget: config.dossierLinkHourlyBudget });
    if (!budget.ok) {
      console.warn(`[dossier] link for dossier ${dossier.id} not mailed: ${budget.reason}`);
      return 'limited';
    }
    return (await sendClientLink(dossier)) ? 'sent' : 'no_mail';
  } catch (error) {
    console.error(`[dossier] a requested link failed: ${describeError(error)}`);
    return 'failed';
  }
}

/** The operator's "send the link again": a fresh start, the browsers open on the dossier signed out. */
export async function resendLink({ dossierId }: { dossierId: number }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  const sessionsEnded = await endClientSessions({ dossierId });
  const mailed = await sendClientLink(rows.dossier);
  return { personId: Number(rows.dossier.personId), sessionsEnded, mailed };
}

/** The operator ends every browser session of the dossier (a lost phone, a link that went astray). */
export async function endDossierSessions({ dossierId }: { dossierId: number }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  return { personId: Number(rows.dossier.personId), sessionsEnded: await endClientSessions({ dossierId }) };
}

/**
 * A mistyped address corrected: whoever holds a link mailed to the old one, or a browser it opened,
 * is shut out, and a new link goes to the new address.
 */
export async function correctDossierEmail({ dossierId, email }: { dossierId: number; email: string }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  if (rows.dossier.closedAt) return { refused: 'closed' as const };
  await updateDossier({ id: dossierId, set: { email } });
  const sessionsEnded = await endClientSessions({ dossierId, links: true });
  const mailed = await sendClientLink({ ...rows.dossier, email });
  return { personId: Number(rows.dossier.personId), sessionsEnded, mailed };
}
