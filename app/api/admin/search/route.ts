import { z } from 'zod';
import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { searchPeople } from '@/lib/people/search-queries';

export const dynamic = 'force-dynamic';

const querySchema = z.string().trim().min(1).max(200);

/** `?q=`: people, messages, requests and notes, accents and case ignored, grouped by person. */
export const GET = withOperator(async ({ request }) => {
  const query = querySchema.safeParse(new URL(request.url).searchParams.get('q') ?? '');
  if (!query.success) return apiError(400, 'invalid_query', 'Send ?q= with 1 to 200 characters.');
  return Response.json({ results: await searchPeople({ query: query.data }) });
});
