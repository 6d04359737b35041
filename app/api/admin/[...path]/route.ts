import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';

// Unknown admin paths answer 401 like the others, so they reveal nothing to anonymous callers.
const notFound = withOperator<{ path: string[] }>(async () => apiError(404, 'not_found', 'No such operator endpoint.'));

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
