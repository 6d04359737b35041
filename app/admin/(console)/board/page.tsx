import type { Metadata } from 'next';
import { StageBoard } from '@/components/admin/board/stage-board';
import { currentOperator } from '@/lib/auth/console-operator';
import { listPeople } from '@/lib/people/service';

export const metadata: Metadata = { title: 'Étapes' };

export default async function BoardPage() {
  if (!(await currentOperator())) return null;
  const { people } = await listPeople({ view: 'all' });
  return <StageBoard initialPeople={people} />;
}
