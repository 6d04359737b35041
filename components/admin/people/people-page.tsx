import 'server-only';
import { notFound } from 'next/navigation';
import { currentOperator } from '@/lib/auth/console-operator';
import { peopleFilterFrom } from '@/lib/people/filter-params';
import { listPeople } from '@/lib/people/service';
import { personKeySchema } from '@/lib/people/stages';
import { getPersonDetail } from '@/lib/people/timeline-queries';
import { PeopleFrame } from './people-frame';
import { PersonPane, PersonPrompt } from './person-pane';

type SearchParams = Record<string, string | string[] | undefined>;

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The people's routes (/admin/people, /admin/follow-ups, /admin/people/<key>): the list of the
 * address's view, and the person it names, read on the server for the first paint.
 */
export async function PeoplePage({ searchParams, personKey, followUps = false }: { searchParams: SearchParams; personKey?: string; followUps?: boolean }) {
  if (!(await currentOperator())) return null;
  const filter = peopleFilterFrom(searchParams, followUps ? 'follow_up' : undefined);
  const key = personKey === undefined ? null : personKeySchema.safeParse(decoded(personKey));
  if (key && !key.success) notFound();
  const [list, detail] = await Promise.all([listPeople(filter), key?.success ? getPersonDetail({ key: key.data }) : null]);
  if (key && !detail) notFound();
  return (
    <PeopleFrame list={list} view={filter.view} stage={filter.stage ?? null} selectedKey={detail?.person.key ?? null}>
      {detail ? <PersonPane key={detail.person.key} detail={detail} /> : <PersonPrompt />}
    </PeopleFrame>
  );
}
