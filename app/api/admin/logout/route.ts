import { withDatabase } from '@/lib/api/database-errors';
import { crossSiteRefusal } from '@/lib/api/same-origin';
import { getSignInState, signOutOperator, unauthorized } from '@/lib/auth/operator-session';

/** Ends this browser's session, whatever it may do yet (a sign-in halfway through its second factor too). */
export async function POST(request: Request) {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const response = await withDatabase('admin', async () => {
    const state = await getSignInState();
    if (!state) return unauthorized();
    await signOutOperator({ request, sessionId: state.session.id });
    return new Response(null, { status: 204 });
  });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
