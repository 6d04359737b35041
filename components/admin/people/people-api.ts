import { fetchApi } from '@/lib/api/api-error';
import type { PersonSummaryDto } from '@/lib/people/list-queries';
import type { PeopleView, Stage } from '@/lib/people/stages';
import type { PersonDetailDto } from '@/lib/people/timeline-queries';

export type { PersonDetailDto, PersonSummaryDto };
export type SnoozeRequest =
  { status: 'open' | 'resolved' } | { status: 'snoozed'; preset: 'tomorrow' | 'monday' } | { status: 'snoozed'; preset: 'date'; date: string };

async function call<T>(path: string): Promise<T> {
  const response = await fetchApi(path);
  return (await response.json()) as T;
}

/** The list's query string: also the CSV export's, so the file holds what the list shows. */
export function peopleQuery({ view, stage }: { view: PeopleView; stage?: Stage | null }) {
  return new URLSearchParams({ view, ...(stage ? { stage } : {}) }).toString();
}

export const peopleApi = {
  list: (filter: { view: PeopleView; stage?: Stage | null }) =>
    call<{ people: PersonSummaryDto[]; total: number; nextChangeAt: string | null }>(`/api/admin/people?${peopleQuery(filter)}`),
};
