import 'server-only';
import { emit } from '@/lib/events';
import { eraseSubjectRows } from './subject-data';

/**
 * Erases everything held about an address (an operator's action), then tells every open console
 * and the register of erasures (lib/backup) what went, never whose; answers the counts and the ids
 * the erased people had (for the journal, lib/audit, which erasure never reaches).
 */
export async function eraseSubject({ email }: { email: string }) {
  const ids = await eraseSubjectRows({ email });
  const erased = { leads: ids.leads.length, conversations: ids.conversations.length, people: ids.people.length };
  await emit('subject.erased', { leads: erased.leads, conversations: erased.conversations, ids });
  return { ...erased, personIds: ids.people };
}
