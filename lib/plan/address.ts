import { DURATIONS, FAMILY_ANSWERS, NATIONALITIES, WORK_CONTEXTS, WORK_STATUSES, visaInputSchema, type VisaInput } from '@/lib/visa/schema';
import { isIsoDate } from '@/lib/time/calendar';

// A plan's address holds only the visa finder's answers and the chosen arrival date, nothing
// personal: /<lang>/visa-finder/plan?nationality=…&duration=…&work_status=…&arrival=2027-03-01.

const ANSWER_KEYS = ['nationality', 'duration', 'work_status', 'work_context', 'family'] as const;
export const PLAN_QUERY_KEYS = [...ANSWER_KEYS, 'arrival'] as const;

export interface PlanAddress {
  input: VisaInput;
  /** YYYY-MM-DD, or null when the visitor has not chosen yet. */
  arrival: string | null;
}

/** A real calendar date between 2020 and 2099. */
export function isPlanDate(value: string): boolean {
  return /^20[2-9]\d-/.test(value) && isIsoDate(value);
}

export function readPlanSearch(search: URLSearchParams): PlanAddress | null {
  const value = (key: string) => search.get(key) || undefined;
  const parsed = visaInputSchema.safeParse({
    nationality: value('nationality'),
    duration: value('duration'),
    workStatus: value('work_status'),
    workContext: value('work_context'),
    family: value('family'),
  });
  if (!parsed.success) return null;
  const arrival = value('arrival');
  const input = { ...parsed.data, workContext: parsed.data.workStatus === 'Oui' ? parsed.data.workContext : undefined };
  return { input, arrival: arrival && isPlanDate(arrival) ? arrival : null };
}

export function planSearch({ input, arrival }: PlanAddress): string {
  const params = new URLSearchParams();
  const entries: [string, string | undefined][] = [
    ['nationality', input.nationality],
    ['duration', input.duration],
    ['work_status', input.workStatus],
    ['work_context', input.workStatus === 'Oui' ? input.workContext : undefined],
    ['family', input.family],
    ['arrival', arrival ?? undefined],
  ];
  for (const [key, value] of entries) if (value) params.set(key, value);
  return params.toString();
}

const LISTS = [NATIONALITIES, DURATIONS, WORK_STATUSES, WORK_CONTEXTS, FAMILY_ANSWERS] as const;

/** `3-2-0-2-x-20270301`: the answers' positions in their lists and the date (the calendar's event ids). */
export function planKey({ input, arrival }: PlanAddress & { arrival: string }): string {
  const values = [input.nationality, input.duration, input.workStatus, input.workStatus === 'Oui' ? input.workContext : undefined, input.family];
  const positions = values.map((value, index) => (value === undefined ? 'x' : String((LISTS[index] as readonly string[]).indexOf(value))));
  return [...positions, arrival.replaceAll('-', '')].join('-');
}
