import { z } from 'zod';
import { isIsoDate } from '@/lib/time/calendar';
import { AUDIT_ACTIONS } from './actions';

export const AUDIT_PAGE_SIZE = 50;
/** The most entries one CSV export holds (the newest first); the page's filters narrow it. */
export const AUDIT_CSV_MAX_ROWS = 20_000;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const day = z.preprocess(blank, z.string().refine(isIsoDate).optional());

/** The journal's query string, shared by the page and its CSV export: action, operator, days (Mauritius), target, page. */
export const auditFilterSchema = z.object({
  action: z.preprocess(blank, z.enum(AUDIT_ACTIONS).optional()),
  operator: z.preprocess(blank, z.string().trim().toLowerCase().max(254).optional()),
  from: day,
  to: day,
  target: z.preprocess(blank, z.string().trim().max(200).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

/** The filter of a page's search params or a URL's query; an invalid value is dropped, not refused. */
export function readAuditFilter(params: Params): AuditFilter {
  const get = (name: string) => (params instanceof URLSearchParams ? (params.get(name) ?? undefined) : [params[name]].flat()[0]);
  const field = <K extends keyof AuditFilter>(name: K) => auditFilterSchema.shape[name].safeParse(get(name)).data as AuditFilter[K] | undefined;
  return { action: field('action'), operator: field('operator'), from: field('from'), to: field('to'), target: field('target'), page: field('page') ?? 1 };
}

/** The query string of a filter (page left out unless asked), for links and the CSV address. */
export function auditQuery(filter: Partial<AuditFilter>, page?: number): string {
  const query = new URLSearchParams();
  for (const name of ['action', 'operator', 'from', 'to', 'target'] as const) if (filter[name]) query.set(name, String(filter[name]));
  if (page && page > 1) query.set('page', String(page));
  return query.size ? `?${query}` : '';
}
