import 'server-only';
import { cache } from 'react';
import { hasOperator } from './operators';
import { getSignInState } from './operator-session';
import { describeError } from '@/lib/log/describe-error';

/**
 * The operator behind this render's cookie, read once per request by the console's layout and by
 * each of its pages: a page checks it again, since a layout is not rendered again on navigation.
 */
export const currentSignInState = cache(async () =>
  getSignInState().catch((error: unknown) => {
    // The login form still renders; logging in then answers 503 with a message.
    console.error(`Operator session check failed: ${describeError(error)}`);
    return null;
  }),
);

/** The operator of a session with every factor (or within its grace period); null otherwise. */
export const currentOperator = cache(async () => {
  const state = await currentSignInState();
  return state?.access === 'full' ? state.session : null;
});

/** With no account at all the login can never succeed: the screen says how to create one. */
export async function noOperatorYet(): Promise<boolean> {
  return !(await hasOperator().catch(() => true));
}
