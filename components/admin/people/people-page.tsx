import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { currentOperator } from '@/lib/auth/console-operator';
import { personHref } from '@/lib/console-app/views';
import { peopleFilterFrom } from '@/lib/people/filter-params';
import { listPeople } from '@/lib/people/service';
import { personKeySchema } from '@/lib/people/stages';
import { getPersonDetail } from '@/lib/people/timeline-queries';
import { PersonDossiers } from '@/components/admin/dossiers/person-dossiers';
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

const queryOf = (params: SearchParams) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value ?? []].flat()) query.append(name, one);
  return query.size ? `?${query}` : '';
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
  // A key of a link made before people were stored (email:, chat:), or of a person merged into
  // another, lands on the person's own address.
  if (key?.success && detail && detail.person.key !== key.data) redirect(`${personHref(detail.person.key)}${queryOf(searchParams)}`);
  return (
    <PeopleFrame list={list} view={filter.view} stage={filter.stage ?? null} selectedKey={detail?.person.key ?? null}>
      {detail ? (
        <PersonPane
          key={detail.person.key}
          detail={detail}
          dossiers={<PersonDossiers personKey={detail.person.key} email={detail.person.email} locale={detail.person.locale} />}
        />
      ) : (
        <PersonPrompt />
      )}
    </PeopleFrame>
  );
}
