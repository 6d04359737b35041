'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { unwrap } from '@/components/admin/shell/action-result';
import { confirmTotp, passkeyOptions, savePasskey, startTotp } from './actions';
import { securityErrorKey } from './security-errors';

export const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-ocean-700';
export const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60';
export const SECONDARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-400 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60';

export function useSecurityFailure() {
  const t = useTranslations('AdminConsole.security');
  return (error: unknown) => toast({ title: t('title'), description: t(`errors.${securityErrorKey(error)}`), variant: 'destructive' });
}

/** The ten codes, once: the operator copies or prints them, then says so. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations('AdminConsole.security');
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-codes-title" className="font-semibold text-slate-900">
        {t('codesTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-800">{t('codesShownOnce')}</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" onClick={onDone} className={`${SECONDARY} mt-3`}>
        {t('codesDone')}
      </button>
    </section>
  );
}

/** TOTP: the QR code and the key as text, then the app's first code turns it on. */
export function TotpSetup({ onEnrolled }: { onEnrolled: (recoveryCodes: string[]) => void }) {
  const t = useTranslations('AdminConsole.security');
  const fail = useSecurityFailure();
  const [enrolment, setEnrolment] = useState<{ qrCode: string; key: string } | null>(null);
  const [pending, setPending] = useState(false);
  const codeId = useId();

  async function begin() {
    setPending(true);
    try {
      setEnrolment(await unwrap(startTotp()));
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setPending(true);
    try {
      const { recoveryCodes } = await unwrap(confirmTotp(code));
      setEnrolment(null);
      onEnrolled(recoveryCodes);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  if (!enrolment) {
    return (
      <button type="button" onClick={begin} disabled={pending} className={BUTTON}>
        {t('totpStart')}
      </button>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-800">{t('totpScan')}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server, no file to optimise */}
      <img src={enrolment.qrCode} alt={t('qrAlt')} width={200} height={200} className="size-[200px]" />
      <p className="text-sm text-slate-800">
        {t('keyLabel')} :{' '}
        <code data-testid="totp-key" className="break-all font-mono text-base">
          {enrolment.key}
        </code>
      </p>
      <label htmlFor={codeId} className="block text-sm font-semibold text-slate-800">
        {t('totpConfirm')}
      </label>
      <input id={codeId} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required maxLength={7} className={FIELD} />
      <button type="submit" disabled={pending} className={BUTTON}>
        {t('totpActivate')}
      </button>
    </form>
  );
}

/** A passkey made by this device (or a security key), under a name the operator chooses. */
export function PasskeyAdd({ onAdded }: { onAdded: (recoveryCodes: string[]) => void }) {
  const t = useTranslations('AdminConsole.security');
  const fail = useSecurityFailure();
  const [pending, setPending] = useState(false);
  const nameId = useId();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim() || t('passkeyDefaultName');
    setPending(true);
    try {
      const optionsJSON = await unwrap(passkeyOptions());
      const response = await startRegistration({ optionsJSON });
      const { recoveryCodes } = await unwrap(savePasskey(name, response));
      form.reset();
      toast({ title: t('passkeyAdded') });
      onAdded(recoveryCodes);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={nameId} className="block text-sm font-semibold text-slate-800">
          {t('passkeyName')}
        </label>
        <input id={nameId} name="name" maxLength={60} placeholder={t('passkeyDefaultName')} className={FIELD} />
      </div>
      <button type="submit" disabled={pending} className={SECONDARY}>
        {t('passkeyAdd')}
      </button>
    </form>
  );
}

/** What an operator without a second factor sets up: an app or a passkey, then the recovery codes. */
export function FactorSetup({ onEnrolled }: { onEnrolled: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const enrolled = (recoveryCodes: string[]) => (recoveryCodes.length > 0 ? setCodes(recoveryCodes) : onEnrolled());
  if (codes) return <RecoveryCodes codes={codes} onDone={onEnrolled} />;
  return (
    <div className="space-y-4">
      <TotpSetup onEnrolled={enrolled} />
      <PasskeyAdd onAdded={enrolled} />
    </div>
  );
}
