import 'server-only';
import { emit } from '@/lib/events';
import { mergePeople, rectifyPerson, setConversationStatus, setFollowUp, setStage, unmergePerson } from './record-queries';
import { personKeyForSession } from './stages';

// The operators' changes to a person, as use cases: each writes (record-queries.ts), then emits
// `person.changed` so that every open console rereads its people (lib/subscribers.ts). Awaited:
// the event is on its way when the operator's answer leaves.

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

export async function changeStage(args: Args<typeof setStage>) {
  const result = await setStage(args);
  await emit('person.changed', { key: args.key, change: 'stage' });
  return result;
}

export async function changeFollowUp(args: Args<typeof setFollowUp>) {
  const result = await setFollowUp(args);
  await emit('person.changed', { key: args.key, change: 'follow_up' });
  return result;
}

/** An operator's correction of the person's name, address or phone. */
export async function changeDetails(args: Args<typeof rectifyPerson>) {
  const result = await rectifyPerson(args);
  if (result) await emit('person.changed', { key: args.key, change: 'details' });
  return result;
}

/** False when the two were already one person (nothing changed, nothing emitted). */
export async function mergeRecords(args: Args<typeof mergePeople>): Promise<boolean> {
  const merged = (await mergePeople(args)) === true;
  if (merged) await emit('person.changed', { key: args.into, change: 'merged' });
  return merged;
}

export async function unmergeRecord(args: Args<typeof unmergePerson>): Promise<boolean> {
  const unmerged = await unmergePerson(args);
  if (unmerged) await emit('person.changed', { key: args.key, change: 'unmerged' });
  return unmerged;
}

/** Open, resolved or snoozed: the conversation moves between the people views. */
export async function changeConversationStatus(args: Args<typeof setConversationStatus>) {
  const done = await setConversationStatus(args);
  if (done) await emit('person.changed', { key: personKeyForSession(args.sessionId), change: 'status' });
  return done;
}
