import { peopleFilterSchema, type PeopleFilter } from './service';

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The list's view and stage from a console address's query; an unknown one falls back to the default view. */
export function peopleFilterFrom(params: SearchParams, view?: PeopleFilter['view']): PeopleFilter {
  const parsed = peopleFilterSchema.safeParse({ view: view ?? first(params.view), stage: first(params.stage) });
  return parsed.success ? parsed.data : { view: view ?? 'open' };
}
