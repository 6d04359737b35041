'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { unwrap } from '@/components/admin/shell/action-result';
import { confirmTotp, passkeyOptions, savePasskey, startTotp } from './actions';
import { FreshProofProvider, useFreshProof } from './fresh-proof';
import { shownCodes, useShownCodes } from './shown-codes';
import { BUTTON, FIELD, SECONDARY } from './ui';

export { BUTTON, FIELD, SECONDARY, useSecurityFailure } from './ui';

/** The codes just made (shownCodes), wherever the console is now: once noted, they are gone. */
export function NewRecoveryCodes() {
  const codes = useShownCodes();
  return codes ? <RecoveryCodes codes={codes} onDone={() => shownCodes.set(null)} /> : null;
}

/** The ten codes, once: the operator copies or prints them, then says so. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
  const guard = useFreshProof();
  const [enrolment, setEnrolment] = useState<{ qrCode: string; key: string } | null>(null);
  const [pending, setPending] = useState(false);
  const codeId = useId();

  async function begin() {
    setPending(true);
    await guard(async () => setEnrolment(await unwrap(startTotp())));
    setPending(false);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setPending(true);
    await guard(async () => {
      const { recoveryCodes } = await unwrap(confirmTotp(code));
      setEnrolment(null);
      onEnrolled(recoveryCodes);
    });
    setPending(false);
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
  const guard = useFreshProof();
  const [pending, setPending] = useState(false);
  const nameId = useId();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim() || t('passkeyDefaultName');
    setPending(true);
    await guard(async () => {
      const optionsJSON = await unwrap(passkeyOptions());
      const response = await startRegistration({ optionsJSON });
      const { recoveryCodes } = await unwrap(savePasskey(name, response));
      form.reset();
      toast({ title: t('passkeyAdded') });
      onAdded(recoveryCodes);
    });
    setPending(false);
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

/**
 * What an operator without a second factor sets up: an app or a passkey. The session becomes full
 * (with a new id) and the console takes the screen, showing the recovery codes (NewRecoveryCodes).
 */
export function FactorSetup({ onEnrolled }: { onEnrolled: () => void }) {
  const enrolled = (recoveryCodes: string[]) => {
    shownCodes.set(recoveryCodes);
    onEnrolled();
  };
  return (
    <FreshProofProvider factors={{ totp: false, passkeys: 0 }}>
      <div className="space-y-4">
        <TotpSetup onEnrolled={enrolled} />
        <PasskeyAdd onAdded={enrolled} />
      </div>
    </FreshProofProvider>
  );
}
