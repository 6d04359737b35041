'use server';

import { z } from 'zod';
import { recordAudit, type AuditAction, type AuditDetail } from '@/lib/audit';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import type { OperatorSession } from '@/lib/auth/operators';
import { addItem, dropItem, getDossierRows, getItemWithDossier, renameItem } from '@/lib/dossier/queries';
import { correctDossierEmail, endDossierSessions, resendLink } from '@/lib/dossier/client-access';
import { openDossier, recordMilestone, review } from '@/lib/dossier/service';
import { idSchema, labelSchema, milestoneSchema, openDossierSchema, reviewSchema } from '@/lib/dossier/types';
import { findPersonId } from '@/lib/people/service';
import { personKeySchema } from '@/lib/people/stages';

// Each action checks the session again and validates its input; refusals carry a code the view shows,
// a change answers true (the form it came from closes or clears).

const audit = async (operator: OperatorSession, action: AuditAction, personId: number, detail: AuditDetail) =>
  recordAudit({ action, actor: await currentAuditActor(operator), target: `person:${personId}`, detail });

export async function openDossierAction(personKey: string, input: z.input<typeof openDossierSchema>): Promise<ActionResult<{ id: number; mailed: boolean }>> {
  return asOperator('dossier', async (operator) => {
    const key = personKeySchema.safeParse(personKey);
    const parsed = openDossierSchema.safeParse(input);
    if (!key.success || !parsed.success) return refuse(400, 'invalid_body');
    const personId = await findPersonId({ key: key.data });
    if (personId === null) return refuse(404, 'not_found');
    const { dossier, mailed } = await openDossier({ personId, input: parsed.data, operatorEmail: operator.email });
    await audit(operator, 'dossier_opened', personId, { dossier: Number(dossier.id), permit: parsed.data.permit });
    return done({ id: Number(dossier.id), mailed });
  });
}

/** The dossier of an item, checked against the dossier the view shows. */
async function itemOf(dossierId: unknown, itemId: unknown) {
  const ids = z.tuple([idSchema, idSchema]).safeParse([dossierId, itemId]);
  if (!ids.success) return null;
  const found = await getItemWithDossier({ itemId: ids.data[1] });
  return found && Number(found.dossier.id) === ids.data[0] ? found : null;
}

export async function reviewItemAction(dossierId: number, itemId: number, input: z.input<typeof reviewSchema>): Promise<ActionResult<true>> {
  return asOperator('dossier', async (operator) => {
    const verdict = reviewSchema.safeParse(input);
    if (!verdict.success) return refuse(400, 'invalid_body');
    const found = await itemOf(dossierId, itemId);
    if (!found) return refuse(404, 'not_found');
    await review({ itemId: Number(found.item.id), verdict: verdict.data });
    await audit(operator, 'dossier_item_reviewed', Number(found.dossier.personId), { dossier: dossierId, item: itemId, verdict: verdict.data.verdict });
    return done(true);
  });
}

export async function changeItemAction(
  dossierId: number,
  input: { change: 'add'; label: string } | { change: 'rename'; itemId: number; label: string } | { change: 'drop'; itemId: number },
): Promise<ActionResult<true>> {
  return asOperator('dossier', async (operator) => {
    const id = idSchema.safeParse(dossierId);
    const rows = id.success ? await getDossierRows({ id: id.data }) : null;
    if (!id.success || !rows) return refuse(404, 'not_found');
    if (input.change === 'add') {
      const label = labelSchema.safeParse(input.label);
      if (!label.success) return refuse(400, 'invalid_body');
      await addItem({ dossierId: id.data, label: label.data });
    } else {
      const found = await itemOf(dossierId, input.itemId);
      if (!found) return refuse(404, 'not_found');
      if (input.change === 'rename') {
        const label = labelSchema.safeParse(input.label);
        if (!label.success) return refuse(400, 'invalid_body');
        await renameItem({ itemId: Number(found.item.id), label: label.data });
      } else {
        await dropItem({ itemId: Number(found.item.id) });
      }
    }
    await audit(operator, 'dossier_changed', Number(rows.dossier.personId), { dossier: id.data, change: input.change });
    return done(true);
  });
}

export async function milestoneAction(dossierId: number, input: z.input<typeof milestoneSchema>): Promise<ActionResult<true>> {
  return asOperator('dossier', async (operator) => {
    const id = idSchema.safeParse(dossierId);
    const milestone = milestoneSchema.safeParse(input);
    if (!id.success || !milestone.success) return refuse(400, 'invalid_body');
    const rows = await getDossierRows({ id: id.data });
    if (!rows) return refuse(404, 'not_found');
    await recordMilestone({ dossierId: id.data, milestone: milestone.data });
    await audit(operator, 'dossier_changed', Number(rows.dossier.personId), { dossier: id.data, milestone: milestone.data.milestone });
    return done(true);
  });
}

/** A new link to the dossier's address; the client's open sessions end (a fresh start). */
export async function sendLinkAction(dossierId: number): Promise<ActionResult<{ mailed: boolean; sessionsEnded: number }>> {
  return asOperator('dossier', async (operator) => {
    const id = idSchema.safeParse(dossierId);
    const sent = id.success ? await resendLink({ dossierId: id.data }) : null;
    if (!id.success || !sent) return refuse(404, 'not_found');
    await audit(operator, 'dossier_link_sent', sent.personId, { dossier: id.data, mailed: sent.mailed, sessionsEnded: sent.sessionsEnded });
    return done({ mailed: sent.mailed, sessionsEnded: sent.sessionsEnded });
  });
}

/** Ends every browser session of the dossier: the client's next request is refused until a new link is spent. */
export async function endSessionsAction(dossierId: number): Promise<ActionResult<{ sessionsEnded: number }>> {
  return asOperator('dossier', async (operator) => {
    const id = idSchema.safeParse(dossierId);
    const ended = id.success ? await endDossierSessions({ dossierId: id.data }) : null;
    if (!id.success || !ended) return refuse(404, 'not_found');
    await audit(operator, 'dossier_sessions_ended', ended.personId, { dossier: id.data, sessionsEnded: ended.sessionsEnded });
    return done({ sessionsEnded: ended.sessionsEnded });
  });
}

/** A mistyped address corrected: links to the old one and open sessions end, a new link goes to the new one (the journal keeps no address). */
export async function correctEmailAction(dossierId: number, email: string): Promise<ActionResult<{ mailed: boolean; sessionsEnded: number }>> {
  return asOperator('dossier', async (operator) => {
    const id = idSchema.safeParse(dossierId);
    const address = openDossierSchema.shape.email.safeParse(email);
    if (!id.success || !address.success) return refuse(400, 'invalid_body');
    const corrected = await correctDossierEmail({ dossierId: id.data, email: address.data });
    if (!corrected) return refuse(404, 'not_found');
    if ('refused' in corrected) return refuse(409, 'closed');
    await audit(operator, 'dossier_email_corrected', corrected.personId, {
      dossier: id.data,
      mailed: corrected.mailed,
      sessionsEnded: corrected.sessionsEnded,
    });
    return done({ mailed: corrected.mailed, sessionsEnded: corrected.sessionsEnded });
  });
}
