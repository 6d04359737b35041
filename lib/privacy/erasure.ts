import 'server-only';
import { emit } from '@/lib/events';
import { eraseSubjectData } from './subject-data';

/** Erases everything held about an address (an operator's action), then tells every open console. */
export async function eraseSubject({ email }: { email: string }) {
  const erased = await eraseSubjectData({ email });
  await emit('subject.erased', erased);
  return erased;
}
