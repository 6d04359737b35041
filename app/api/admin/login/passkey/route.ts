import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { apiError } from '@/lib/api/responses';
import { takeSessionChallenge } from '@/lib/auth/factor-queries';
import { checkPasskey, passkeySignInOptions } from '@/lib/auth/second-factor';
import { judgeFactor, secondStep } from '@/lib/auth/sign-in-step';

// `{ "options": true }` asks for a challenge; `{ "response": … }` answers it (from @simplewebauthn/browser).
const passkeySchema = z.union([
  z.object({ options: z.literal(true) }),
  z.object({ response: z.object({ id: z.string().max(1024), type: z.literal('public-key') }).passthrough() }),
]);

/** The second factor as a passkey: a challenge for this session, then its signed answer. */
export const POST = secondStep(async ({ request, state, body }) => {
  const parsed = passkeySchema.safeParse(body);
  if (!parsed.success) return apiError(400, 'invalid_body', 'Send { options: true } or the passkey response.');
  if ('options' in parsed.data) {
    if (state.methods.passkeys === 0) return apiError(409, 'no_passkey', 'No passkey on this account.');
    return Response.json(await passkeySignInOptions({ operatorId: state.session.operatorId, sessionId: state.session.id }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }
  const response = parsed.data.response as unknown as AuthenticationResponseJSON;
  return judgeFactor({
    request,
    state,
    method: 'passkey',
    // The challenge is used once, whatever the answer, and only within its few minutes.
    check: async () =>
      (await checkPasskey({ operatorId: state.session.operatorId, response, challenge: await takeSessionChallenge({ id: state.session.id }) }))
        ? 'passkey'
        : null,
  });
});
