import 'server-only';
import { emit } from '@/lib/events';
import { eraseSubjectRows } from './subject-data';

/** Erases everything held about an address (an operator's action), then tells every open console and the register of erasures. */
export async function eraseSubject({ email }: { email: string }) {
  const ids = await eraseSubjectRows({ email });
  const erased = { leads: ids.leads.length, conversations: ids.conversations.length, people: ids.people.length };
  await emit('subject.erased', { leads: erased.leads, conversations: erased.conversations, ids });
  return erased;
}
