import { fetchApi } from '@/lib/api/api-error';
import type { PersonSummaryDto } from '@/lib/people/list-queries';
import type { PeopleView, Stage } from '@/lib/people/stages';
import type { PersonDetailDto } from '@/lib/people/timeline-queries';

export type { PersonDetailDto, PersonSummaryDto };
export type SnoozeRequest =
  { status: 'open' | 'resolved' } | { status: 'snoozed'; preset: 'tomorrow' | 'monday' } | { status: 'snoozed'; preset: 'date'; date: string };

const personPath = (key: string) => `/api/admin/people/${encodeURIComponent(key)}`;

async function call<T>(path: string, method?: 'POST' | 'PATCH' | 'DELETE', json?: unknown): Promise<T> {
  const response = await fetchApi(path, { method, json });
  return (await response.json()) as T;
}

/** The list's query string: also the CSV export's, so the file holds what the list shows. */
export function peopleQuery({ view, stage }: { view: PeopleView; stage?: Stage | null }) {
  return new URLSearchParams({ view, ...(stage ? { stage } : {}) }).toString();
}

export const peopleApi = {
  list: (filter: { view: PeopleView; stage?: Stage | null }) =>
    call<{ people: PersonSummaryDto[]; total: number; nextChangeAt: string | null }>(`/api/admin/people?${peopleQuery(filter)}`),
  get: (key: string) => call<PersonDetailDto>(personPath(key)),
  setStage: (key: string, stage: Stage, lostReason?: string) => call<PersonDetailDto>(personPath(key), 'PATCH', { stage, lostReason }),
  setFollowUp: (key: string, date: string | null, reason: string) => call<PersonDetailDto>(personPath(key), 'PATCH', { date, reason }),
  addNote: (key: string, body: string) => call<PersonDetailDto>(`${personPath(key)}/notes`, 'POST', { body }),
  merge: (key: string, into: string) => call<PersonDetailDto>(`${personPath(key)}/merge`, 'POST', { into }),
  unmerge: (key: string) => call<PersonDetailDto>(`${personPath(key)}/merge`, 'DELETE'),
  rectify: (key: string, change: { name?: string | null; email?: string | null; phone?: string | null }) =>
    call<PersonDetailDto>(`${personPath(key)}/details`, 'PATCH', change),
  setStatus: (sessionId: string, request: SnoozeRequest) =>
    call<{ status: string; snoozedUntil: string | null }>(`/api/admin/sessions/${encodeURIComponent(sessionId)}/status`, 'PATCH', request),
};
