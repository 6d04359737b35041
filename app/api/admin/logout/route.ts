import { signOutOperator, withOperator } from '@/lib/auth/operator-session';

export const POST = withOperator(async ({ request, operator }) => {
  await signOutOperator({ request, sessionId: operator.id });
  return new Response(null, { status: 204 });
});
