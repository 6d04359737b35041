'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { unwrap } from '@/components/admin/shell/action-result';
import { ConsoleLink } from '@/components/admin/shell/console-link';
import type { ActionResult } from '@/lib/auth/operator-action';
import { VIEW_HREF } from '@/lib/console-app/views';
import { changePassword, endOwnSessions, passkeyProofOptions, removeOwnPasskey, renameOwnPasskey, renewCodes } from './actions';
import { PasskeyAdd, TotpSetup } from './factor-setup';
import { FreshProofProvider, useFreshProof } from './fresh-proof';
import { shownCodes } from './shown-codes';
import { BUTTON, FIELD, SECONDARY, useSecurityFailure } from './ui';

export type SessionRow = { id: string; device: string; address: string; lastSeen: string; started: string; current: boolean };
export type PasskeyRow = { id: string; name: string; created: string; lastUsed: string | null };
export type SecurityData = { totpOn: boolean; recoveryCodesLeft: number; passkeys: PasskeyRow[]; sessions: SessionRow[] };

const SECTION = 'space-y-3 rounded-xl border border-slate-200 bg-white p-4';
const H2 = 'text-lg font-semibold text-ocean-900';

/**
 * The "Sécurité" page: second factor, passkeys, recovery codes, sessions, password. A change to the
 * door asks for the password and a factor again when the last proof is not recent (fresh-proof.tsx);
 * new recovery codes show above the view (NewRecoveryCodes, in the console's shell).
 */
export function SecurityView({ data }: { data: SecurityData }) {
  return (
    <FreshProofProvider factors={{ totp: data.totpOn, passkeys: data.passkeys.length }}>
      <SecurityContent data={data} />
    </FreshProofProvider>
  );
}

function SecurityContent({ data }: { data: SecurityData }) {
  const t = useTranslations('AdminConsole.security');
  const router = useRouter();
  const guard = useFreshProof();
  const refresh = () => router.refresh();
  const enrolled = (recoveryCodes: string[]) => {
    shownCodes.set(recoveryCodes);
    refresh();
  };

  async function run<T>(call: () => Promise<ActionResult<T>>, done?: (value: T) => void) {
    await guard(async () => {
      const value = await unwrap(call());
      done?.(value);
      refresh();
    });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4 p-3 sm:p-4">
      <h1 className="text-xl font-bold text-ocean-900">{t('title')}</h1>

      <section aria-labelledby="second-factor-title" className={SECTION}>
        <h2 id="second-factor-title" className={H2}>
          {t('secondFactor')}
        </h2>
        <p className="text-sm text-slate-700">{t('secondFactorHelp')}</p>
        <p className="font-medium text-slate-900">{data.totpOn ? t('totpOn') : t('totpOff')}</p>
        {!data.totpOn && <TotpSetup onEnrolled={enrolled} />}
        {(data.totpOn || data.passkeys.length > 0) && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-800">{t('codesLeft', { count: data.recoveryCodesLeft })}</p>
            <button type="button" className={SECONDARY} onClick={() => run(renewCodes, ({ recoveryCodes }) => shownCodes.set(recoveryCodes))}>
              {t('codesRenew')}
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby="passkeys-title" className={SECTION}>
        <h2 id="passkeys-title" className={H2}>
          {t('passkeys')}
        </h2>
        {data.passkeys.length === 0 ? (
          <p className="text-sm text-slate-700">{t('passkeysNone')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={(name) => run(() => renameOwnPasskey(passkey.id, name))}
                onRemove={() => run(() => removeOwnPasskey(passkey.id))}
              />
            ))}
          </ul>
        )}
        <PasskeyAdd onAdded={enrolled} />
      </section>

      <section aria-labelledby="sessions-title" className={SECTION}>
        <h2 id="sessions-title" className={H2}>
          {t('sessions')}
        </h2>
        <p className="text-sm text-slate-700">{t('sessionsHelp')}</p>
        <ul data-testid="operator-sessions" className="divide-y divide-slate-200">
          {data.sessions.map((session) => (
            <li key={session.id} data-session-id={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="text-sm text-slate-800">
                <p className="font-semibold text-slate-900">
                  {session.device}
                  {session.current && <span className="ml-2 rounded bg-ocean-100 px-2 py-0.5 text-xs font-semibold text-ocean-900">{t('thisSession')}</span>}
                </p>
                <p>
                  {t('sessionAddress')} : {session.address} · {t('sessionLastSeen')} : {session.lastSeen} · {t('sessionStarted')} : {session.started}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={SECONDARY}
                  aria-label={`${t('endSession')} : ${session.device}, ${session.address}`}
                  onClick={() =>
                    run(
                      () => endOwnSessions(session.id),
                      ({ ended }) => toast({ title: t('sessionsEnded', { count: ended }) }),
                    )
                  }
                >
                  {t('endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {data.sessions.some((session) => !session.current) && (
          <button
            type="button"
            className={SECONDARY}
            onClick={() =>
              run(
                () => endOwnSessions(null),
                ({ ended }) => toast({ title: t('sessionsEnded', { count: ended }) }),
              )
            }
          >
            {t('endOthers')}
          </button>
        )}
      </section>

      <PasswordChange totpOn={data.totpOn} passkeys={data.passkeys.length} onChanged={refresh} />

      <p className="text-sm text-slate-700">
        <ConsoleLink href={VIEW_HREF.devices} className="font-semibold text-ocean-800 underline">
          {t('devices')}
        </ConsoleLink>
      </p>
    </div>
  );
}

function PasskeyItem({ passkey, onRename, onRemove }: { passkey: PasskeyRow; onRename: (name: string) => void; onRemove: () => void }) {
  const t = useTranslations('AdminConsole.security');
  const [editing, setEditing] = useState(false);
  const nameId = useId();
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onRename(String(new FormData(event.currentTarget).get('name') ?? ''));
    setEditing(false);
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      {editing ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={nameId} className="block text-sm font-semibold text-slate-800">
              {t('passkeyName')}
            </label>
            <input id={nameId} name="name" defaultValue={passkey.name} required maxLength={60} className={FIELD} />
          </div>
          <button type="submit" className={BUTTON}>
            {t('passkeyRename')}
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-800">
          <span className="font-semibold text-slate-900">{passkey.name}</span> · {t('passkeyCreated', { date: passkey.created })} ·{' '}
          {passkey.lastUsed ? t('passkeyLastUsed', { date: passkey.lastUsed }) : t('passkeyNeverUsed')}
        </p>
      )}
      <div className="flex gap-2">
        {!editing && (
          <button type="button" className={SECONDARY} aria-label={`${t('passkeyRename')} : ${passkey.name}`} onClick={() => setEditing(true)}>
            {t('passkeyRename')}
          </button>
        )}
        <button type="button" className={SECONDARY} aria-label={`${t('passkeyRemove')} : ${passkey.name}`} onClick={onRemove}>
          {t('passkeyRemove')}
        </button>
      </div>
    </li>
  );
}

function PasswordChange({ totpOn, passkeys, onChanged }: { totpOn: boolean; passkeys: number; onChanged: () => void }) {
  const t = useTranslations('AdminConsole.security');
  const fail = useSecurityFailure();
  const [pending, setPending] = useState(false);
  const ids = { current: useId(), next: useId(), code: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  /** The second factor given again: the code typed, or (`withPasskey`) a passkey's answer to a new challenge. */
  async function change(form: HTMLFormElement, withPasskey: boolean) {
    const data = new FormData(form);
    const fields = { current: String(data.get('current') ?? ''), next: String(data.get('next') ?? ''), code: String(data.get('code') ?? '') };
    setPending(true);
    try {
      const passkey = withPasskey ? await startAuthentication({ optionsJSON: await unwrap(passkeyProofOptions()) }) : undefined;
      await unwrap(changePassword({ ...fields, passkey }));
      form.reset();
      toast({ title: t('passwordChanged') });
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await change(event.currentTarget, false);
  }

  async function withPasskey() {
    const form = formRef.current;
    // The passwords are checked as a submit would check them; the code is not asked for.
    if (!form || ![...form.querySelectorAll<HTMLInputElement>('input[type="password"]')].every((input) => input.reportValidity())) return;
    await change(form, true);
  }

  return (
    <section aria-labelledby="password-title" className={SECTION}>
      <h2 id="password-title" className={H2}>
        {t('password')}
      </h2>
      <p className="text-sm text-slate-700">{t('passwordHelp')}</p>
      <form ref={formRef} onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={ids.current} className="block text-sm font-semibold text-slate-800">
            {t('currentPassword')}
          </label>
          <input id={ids.current} name="current" type="password" autoComplete="current-password" required maxLength={1024} className={FIELD} />
        </div>
        <div>
          <label htmlFor={ids.next} className="block text-sm font-semibold text-slate-800">
            {t('newPassword')}
          </label>
          <input id={ids.next} name="next" type="password" autoComplete="new-password" required minLength={12} maxLength={1024} className={FIELD} />
        </div>
        {(totpOn || passkeys > 0) && (
          <div>
            <label htmlFor={ids.code} className="block text-sm font-semibold text-slate-800">
              {t('codeForChange')}
            </label>
            {/* With a passkey the code may stay empty: the passkey button confirms instead. */}
            <input id={ids.code} name="code" autoComplete="one-time-code" required={passkeys === 0} maxLength={64} className={FIELD} />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={pending} className={BUTTON}>
            {t('changePassword')}
          </button>
          {passkeys > 0 && (
            <button type="button" disabled={pending} onClick={withPasskey} className={SECONDARY}>
              {t('changePasswordWithPasskey')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
