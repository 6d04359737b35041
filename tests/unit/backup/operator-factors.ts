// The operator's second factor in the backup tests, through the app's own code: turned on before
// a backup (as on the Sécurité page), then used to sign in to a restored instance.
import { verifyOperatorLogin } from '@/lib/auth/operators';
import { findOperatorFactors } from '@/lib/auth/factor-queries';
import { findOperatorByEmail } from '@/lib/auth/queries';
import { checkSecondFactorCode, confirmTotpEnrolment, startTotpEnrolment } from '@/lib/auth/second-factor';
import { totpCode } from '@/lib/auth/totp';

const STEP_MS = 30_000;

/** Turns TOTP on for the operator; returns the key (base32), as the app shows it to be typed. */
export async function enrolTotp(email: string): Promise<string> {
  const operator = await findOperatorByEmail({ email });
  const enrolment = operator && (await startTotpEnrolment({ operatorId: operator.id, email }));
  if (!enrolment) throw new Error(`no operator ${email} without a second factor`);
  const key = enrolment.key.replace(/\s/g, '');
  if (!(await confirmTotpEnrolment({ operatorId: operator.id, code: totpCode(key) })).ok) throw new Error('the first code was refused');
  return key;
}

/** Password, then the code of `key` now; throws with what was refused. */
export async function signInWithTotp({ email, password, key }: { email: string; password: string; key: string }): Promise<string> {
  const operator = await verifyOperatorLogin({ email, password });
  if (!operator) throw new Error('password refused');
  // Each step is accepted once: past the one the enrolment (or an earlier check) used.
  const last = (await findOperatorFactors({ operatorId: operator.id }))?.totpLastStep ?? 0;
  const wait = (last + 1) * STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  const used = await checkSecondFactorCode({ operatorId: operator.id, code: totpCode(key) });
  if (!used) throw new Error('second factor refused');
  return used;
}
