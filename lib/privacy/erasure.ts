import 'server-only';
import { emit } from '@/lib/events';
import { eraseSubjectPeople } from './subject-data';

/**
 * Erases everything held about an address (an operator's action), then tells every open console
 * how much went, never whose; answers the counts and the ids the erased people had.
 */
export async function eraseSubject({ email }: { email: string }) {
  const { personIds, ...erased } = await eraseSubjectPeople({ email });
  await emit('subject.erased', erased);
  return { ...erased, personIds };
}
