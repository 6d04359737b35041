'use server';

import { z } from 'zod';
import { asOperator, done, refuse, type ActionResult } from '@/lib/auth/operator-action';
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
import { getPersonDetail } from '@/lib/people/timeline-queries';

// Each action checks the operator's session again, validates its input like the HTTP API did, and
// answers a refusal the console translates; the view is then rendered again (router.refresh()).

const known = async (key: unknown) => {
  const parsed = personKeySchema.safeParse(key);
  return parsed.success && (await getPersonDetail({ key: parsed.data })) ? parsed.data : null;
};

export async function changeStage(key: string, input: z.input<typeof stageChangeSchema>): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const change = stageChangeSchema.safeParse(input);
    if (!change.success) return refuse(400, 'invalid_body');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    await setStage({ key: person, stage: change.data.stage, lostReason: change.data.lostReason, operatorEmail: operator.email });
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
    await setFollowUp({ key: person, at, reason: change.data.reason, operatorEmail: operator.email });
    return done(null);
  });
}

export async function writeNote(key: string, body: string): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const note = noteSchema.safeParse({ body });
    if (!note.success) return refuse(400, 'invalid_body');
    const person = await known(key);
    if (!person) return refuse(404, 'not_found');
    await addNote({ key: person, body: note.data.body, operatorEmail: operator.email });
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
    await changeDetails({ key: person, change: change.data, operatorEmail: operator.email });
    return done(null);
  });
}

/** Merges `key` into `into`; answers the key of the person both now are. */
export async function merge(key: string, into: string): Promise<ActionResult<string>> {
  return asOperator('people', async (operator) => {
    const target = mergeSchema.safeParse({ into });
    const from = await known(key);
    if (!target.success || !from || !(await known(target.data.into))) return refuse(404, 'not_found');
    if (!(await mergeRecords({ from, into: target.data.into, operatorEmail: operator.email }))) return refuse(409, 'already_merged');
    return done(target.data.into);
  });
}

export async function unmerge(key: string): Promise<ActionResult<null>> {
  return asOperator('people', async (operator) => {
    const parsed = personKeySchema.safeParse(key);
    if (!parsed.success || !(await unmergeRecord({ key: parsed.data, operatorEmail: operator.email }))) return refuse(404, 'not_found');
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
