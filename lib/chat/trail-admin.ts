import 'server-only';
import { getPost } from '@/lib/blog';
import { isLocale } from '@/lib/i18n/routing';
import { describeVisaDetails } from '@/lib/leads/admin-queries';
import { recommendVisa } from '@/lib/visa';
import { toVisaInput, visaCheckRequestSchema } from '@/lib/visa/api-schema';
import { getChatSession } from './queries';
import { isVisaFinderPath, isVisaPlanPath, MAX_TRAIL_ENTRIES } from './trail';
import { listTrail } from './trail-queries';

/** What a page was: a blog article (by its title), the visa finder, one of its results, or another page. */
export type TrailPageKind = 'page' | 'article' | 'visaFinder' | 'visaResult' | 'visaPlan';

export interface TrailPageDto {
  path: string;
  kind: TrailPageKind;
  /** The article's title, else the page's title as the visitor's browser had it, else the path. */
  label: string;
  /** A visa finder result: the visitor's answers in the console's French, and the permit it recommended. */
  visa: { answers: { label: string; value: string }[]; recommended: string | null } | null;
}

export interface TrailEntryDto extends TrailPageDto {
  id: number;
  createdAt: string;
}

export interface VisitorTrailDto {
  /** Where the conversation was opened (chat_sessions.start_page). */
  startPage: TrailPageDto;
  /** The latest MAX_TRAIL_ENTRIES pages opened since, oldest first. */
  entries: TrailEntryDto[];
}

/**
 * The visitor's answers read from a result's address with the engine's own request schema (the
 * finder writes them there, components/visa/types.ts); null when they are not a complete set.
 */
function describeVisaResult(search: URLSearchParams): TrailPageDto['visa'] {
  const parsed = visaCheckRequestSchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return null;
  const { input } = toVisaInput(parsed.data);
  // The engine ignores a work context unless the visitor works: so does the summary.
  // A plan's target arrival date is shown with the answers (its label is in lib/leads/admin-queries.ts).
  const arrival = search.get('arrival') ?? undefined;
  const summary = describeVisaDetails({
    answers: { ...parsed.data, locale: undefined, work_context: input.workStatus === 'Oui' ? input.workContext : undefined, arrival },
  });
  let recommended: string | null = null;
  try {
    recommended = recommendVisa({ input, locale: 'fr' }).recommended.name;
  } catch {
    // Answers the schema accepts always resolve; a change of the engine must not hide the answers.
  }
  return summary && { answers: summary.answers, recommended };
}

/** A stored path (or the start page, any text the widget sent) as the console shows it. */
export function describeTrailPage(path: string, title = ''): TrailPageDto {
  const fallback: TrailPageDto = { path, kind: 'page', label: title || path, visa: null };
  let url: URL;
  try {
    url = new URL(path, 'http://trail.invalid');
  } catch {
    return fallback;
  }
  const [, locale, section, slug, ...rest] = url.pathname.split('/');
  if (section === 'blog' && slug && rest.length === 0 && isLocale(locale)) {
    const post = getPost({ slug: decodeURIComponent(slug), locale });
    if (post) return { ...fallback, kind: 'article', label: post.title };
  }
  if (isVisaPlanPath(url.pathname.replace(/\/$/, ''))) {
    const visa = describeVisaResult(url.searchParams);
    return { ...fallback, kind: visa ? 'visaPlan' : 'visaFinder', visa };
  }
  if (isVisaFinderPath(url.pathname.replace(/\/$/, ''))) {
    const visa = describeVisaResult(url.searchParams);
    return { ...fallback, kind: visa ? 'visaResult' : 'visaFinder', visa };
  }
  return fallback;
}

/** The trail of one conversation for the console; null when the conversation is unknown. */
export async function getVisitorTrail({ id }: { id: string }): Promise<VisitorTrailDto | null> {
  const session = await getChatSession({ id });
  if (!session) return null;
  const entries = await listTrail({ sessionId: id, limit: MAX_TRAIL_ENTRIES });
  return {
    startPage: describeTrailPage(session.startPage),
    entries: entries.map((entry) => ({ ...describeTrailPage(entry.path, entry.title), id: entry.id, createdAt: entry.createdAt.toISOString() })),
  };
}
