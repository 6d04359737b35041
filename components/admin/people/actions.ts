'use server';

import { z } from 'zod';
import { peopleTarget, recordAudit, type AuditAction, type AuditDetail } from '@/lib/audit';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
import type { OperatorSession } from '@/lib/auth/operators';
import { isSessionId } from '@/lib/chat/admin-queries';
import {
  changeConversationStatus as setConversationStatus,
  changeDetails,
  changeFollowUp as setFollowUp,
  changeStage as setStage,
  mergeRecords,
  unmergeRecord,
} from '@/lib/people/changes';
import { addNote } from '@/lib/people/record-queries';
import {
  followUpAt,
  followUpSchema,
  mergeSchema,
  noteSchema,
  personKeySchema,
  rectifySchema,
  snoozeUntil,
  stageChangeSchema,
  statusSchema,
} from '@/lib/people/service';
import { findPersonId } from '@/lib/people/service';
import { getPersonDetail } from '@/lib/people/timeline-queries';

// Each action checks the operator's session again, validates its input like the HTTP API did, and
// answers a refusal the console translates; the view is then rendered again (router.refresh()).

/** The key as given (what the change takes) and the id of the person it shows (what the journal names). */
const known = async (key: unknown) => {
  const parsed = personKeySchema.safeParse(key);
  const detail = parsed.success ? await getPersonDetail({ key: parsed.data }) : null;
  return parsed.success && detail ? { key: parsed.data, id: detail.person.key } : null;
};

const audit = async (operator: OperatorSession, action: AuditAction, personIds: (number | string)[], detail?: AuditDetail) =>
  recordAudit({ action, actor: await currentAuditActor(operator), target: peopleTarget(personIds), detail });

export async function changeStage(key: string, input: z.input<typeof stageChangeSchema>): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const change = stageChangeSchema.safeParse(input);
    if (!change.success) return refuse(400, 'invalid_body');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    await setStage({ key: person.key, stage: change.data.stage, lostReason: change.data.lostReason, operatorEmail: operator.email });
    await audit(operator, 'stage_changed', [person.id], { stage: change.data.stage });
    return done(null);
  });
}

export async function changeFollowUp(key: string, input: z.input<typeof followUpSchema>): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const change = followUpSchema.safeParse(input);
    if (!change.success) return refuse(400, 'invalid_body');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    const at = change.data.date === null ? null : followUpAt(change.data.date);
    await setFollowUp({ key: person.key, at, reason: change.data.reason, operatorEmail: operator.email });
    return done(null);
  });
}

export async function writeNote(key: string, body: string): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const note = noteSchema.safeParse({ body });
    if (!note.success) return refuse(400, 'invalid_body');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    await addNote({ key: person.key, body: note.data.body, operatorEmail: operator.email });
    return done(null);
  });
}

/** Corrects the person's name, e-mail address or phone (null clears a correction): rectification, in their history. */
export async function correctDetails(key: string, input: z.input<typeof rectifySchema>): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const change = rectifySchema.safeParse(input);
    if (!change.success) return refuse(400, 'invalid_rectification');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    if (await changeDetails({ key: person.key, change: change.data, operatorEmail: operator.email })) {
      // Which fields, never their values.
      const fields = Object.fromEntries(
        Object.keys(change.data).map((field) => [field, change.data[field as keyof typeof change.data] === null ? 'cleared' : 'set']),
      );
      await audit(operator, 'person_corrected', [person.id], fields);
    }
    return done(null);
  });
}

/** Merges `key` into `into`; answers the key of the person both now are. */
export async function merge(key: string, into: string): Promise<ActionResult<string>> {
  return asOperator('people', async (operator) => {
    const target = mergeSchema.safeParse({ into });
    const from = await known(key);
    const joined = target.success ? await known(target.data.into) : null;
    if (!target.success || !from || !joined) return refuse(404, 'not_found');
    if (!(await mergeRecords({ from: from.key, into: joined.key, operatorEmail: operator.email }))) return refuse(409, 'already_merged');
    await audit(operator, 'records_merged', [from.id], { into: Number(joined.id) });
    return done(target.data.into);
  });
}

export async function unmerge(key: string): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const parsed = personKeySchema.safeParse(key);
    const personId = parsed.success ? await findPersonId({ key: parsed.data }) : null;
    if (!parsed.success || !(await unmergeRecord({ key: parsed.data, operatorEmail: operator.email }))) return refuse(404, 'not_found');
    await audit(operator, 'records_unmerged', [personId ?? '?']);
    return done(null);
  });
}

/** `{ status: "open" | "resolved" }` or a snooze (`tomorrow`, `monday`, or a date). */
export async function changeConversationStatus(sessionId: string, input: z.input<typeof statusSchema>): Promise<ActionResult<null>> {
  return asOperator('people', async () => {
    const change = statusSchema.safeParse(input);
    if (!change.success) return refuse(400, 'invalid_body');
    const until = change.data.status === 'snoozed' ? snoozeUntil(change.data) : null;
    if (change.data.status === 'snoozed' && !until) return refuse(400, 'invalid_date');
    const changed = isSessionId(sessionId) && (await setConversationStatus({ sessionId, status: change.data.status, until }));
    return changed ? done(null) : refuse(404, 'not_found');
  });
}
