'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { unwrap } from '@/components/admin/shell/action-result';
import { passkeyProofOptions, reauthenticate } from './actions';
import { BUTTON, FIELD, SECONDARY, useSecurityFailure } from './ui';
import { asksFreshProof } from './security-errors';

type Factors = { totp: boolean; passkeys: number };
/** Runs a change; when the server asks for a fresh proof, asks the operator, then runs it again. */
type Guard = (attempt: () => Promise<void>) => Promise<void>;

const GuardContext = createContext<Guard | null>(null);

/** The guard of the changes below it (without a provider, a refusal is only reported). */
export function useFreshProof(): Guard {
  const fail = useSecurityFailure();
  const guard = useContext(GuardContext);
  return useCallback(
    (attempt: () => Promise<void>) =>
      guard
        ? guard(attempt)
        : attempt().catch((error: unknown) => {
            fail(error);
          }),
    [guard, fail],
  );
}

/**
 * Around the Sécurité page and the enrolment: a change the server refuses with `reauth_required`
 * opens the form that asks for the password and a current factor (a code or a passkey), then is
 * made again. Other failures are reported as usual.
 */
export function FreshProofProvider({ factors, children }: { factors: Factors; children: ReactNode }) {
  const fail = useSecurityFailure();
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);
  const guard = useCallback<Guard>(
    async (attempt) => {
      try {
        await attempt();
      } catch (error) {
        if (asksFreshProof(error)) setWaiting(() => attempt);
        else fail(error);
      }
    },
    [fail],
  );
  async function proved() {
    const attempt = waiting;
    setWaiting(null);
    if (attempt) await guard(attempt);
  }
  return (
    <GuardContext.Provider value={guard}>
      {waiting && <ProofForm factors={factors} onProved={proved} onCancel={() => setWaiting(null)} />}
      {children}
    </GuardContext.Provider>
  );
}

function ProofForm({ factors, onProved, onCancel }: { factors: Factors; onProved: () => Promise<void>; onCancel: () => void }) {
  const t = useTranslations('AdminConsole.security.proof');
  const fail = useSecurityFailure();
  const [pending, setPending] = useState(false);
  const ids = { title: useId(), password: useId(), code: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const enrolled = factors.totp || factors.passkeys > 0;
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  async function prove(form: HTMLFormElement, withPasskey: boolean) {
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    setPending(true);
    try {
      const passkey = withPasskey ? await startAuthentication({ optionsJSON: await unwrap(passkeyProofOptions()) }) : undefined;
      await unwrap(reauthenticate({ password, code: String(data.get('code') ?? ''), passkey }));
      await onProved();
    } catch (error) {
      fail(error);
      setPending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await prove(event.currentTarget, false);
  }

  async function withPasskey() {
    const form = formRef.current;
    if (!form || !form.querySelector<HTMLInputElement>('input[type="password"]')?.reportValidity()) return;
    await prove(form, true);
  }

  return (
    <section aria-labelledby={ids.title} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id={ids.title} className="text-lg font-semibold text-ocean-900">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-800">{enrolled ? t('help') : t('helpPasswordOnly')}</p>
      <form ref={formRef} onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={ids.password} className="block text-sm font-semibold text-slate-800">
            {t('password')}
          </label>
          <input id={ids.password} name="password" type="password" autoComplete="current-password" required maxLength={1024} className={FIELD} />
        </div>
        {enrolled && (
          <div>
            <label htmlFor={ids.code} className="block text-sm font-semibold text-slate-800">
              {t('code')}
            </label>
            {/* With a passkey the code may stay empty: the passkey button confirms instead. */}
            <input id={ids.code} name="code" autoComplete="one-time-code" required={factors.passkeys === 0} maxLength={64} className={FIELD} />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={pending} className={BUTTON}>
            {t('confirm')}
          </button>
          {factors.passkeys > 0 && (
            <button type="button" disabled={pending} onClick={withPasskey} className={SECONDARY}>
              {t('confirmWithPasskey')}
            </button>
          )}
          <button type="button" onClick={onCancel} className={SECONDARY}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
