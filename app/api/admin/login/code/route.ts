import { z } from 'zod';
import { apiError } from '@/lib/api/responses';
import { checkSecondFactorCode } from '@/lib/auth/second-factor';
import { judgeFactor, secondStep } from '@/lib/auth/sign-in-step';

const codeSchema = z.object({ code: z.string().trim().min(1).max(64) });

/** The second factor as a code: the authenticator app's, or a recovery code (used once). */
export const POST = secondStep(async ({ request, state, body }) => {
  const parsed = codeSchema.safeParse(body);
  if (!parsed.success) return apiError(400, 'invalid_body', 'Send the code.');
  return judgeFactor({ request, state, method: 'code', check: () => checkSecondFactorCode({ operatorId: state.session.operatorId, code: parsed.data.code }) });
});
