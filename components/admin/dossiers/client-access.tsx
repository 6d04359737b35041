'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { correctEmailAction, endSessionsAction, sendLinkAction } from './actions';
import { useDossierAct } from './use-dossier-act';

const button = 'min-h-11 rounded-lg border border-slate-300 px-4 font-semibold disabled:opacity-60';
const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

export type ClientSessions = { open: number; lastOpened: string | null };

/** Who reaches the dossier from a browser: its open sessions, a new link, ending the sessions, correcting the address. */
export function ClientAccess({ dossierId, email, closed, sessions }: { dossierId: number; email: string; closed: boolean; sessions: ClientSessions }) {
  const t = useTranslations('AdminConsole.dossier');
  const { act, busy } = useDossierAct();
  const [correcting, setCorrecting] = useState(false);
  const correct = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (await act(() => correctEmailAction(dossierId, address), t('emailCorrected', { email: address }))) setCorrecting(false);
  };
  return (
    <section aria-labelledby="dossier-access" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="dossier-access" className="font-semibold text-ocean-900">
        {t('accessTitle')}
      </h3>
      <p className="text-sm" data-testid="client-sessions">
        {t('sessionsOpen', { count: sessions.open })}
        {sessions.lastOpened && ` · ${t('lastOpened', { date: sessions.lastOpened })}`}
      </p>
      <p className="text-sm text-slate-600">{t('accessHelp')}</p>
      <div className="flex flex-wrap gap-2">
        {!closed && (
          <button type="button" disabled={busy} className={button} onClick={() => void act(() => sendLinkAction(dossierId), t('linkSent', { email }))}>
            {t('sendLink')}
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          className={button}
          onClick={() =>
            void act(
              () => endSessionsAction(dossierId),
              (value) => t('sessionsEnded', { count: value.sessionsEnded }),
            )
          }
        >
          {t('endSessions')}
        </button>
        {!closed && (
          <button type="button" aria-expanded={correcting} aria-controls="dossier-correct-email" className={button} onClick={() => setCorrecting(!correcting)}>
            {t('correctEmail')}
          </button>
        )}
      </div>
      {correcting && (
        <form id="dossier-correct-email" aria-label={t('correctEmail')} onSubmit={correct} className="max-w-md space-y-2">
          <label className="block text-sm font-medium">
            {t('newEmail')}
            <input name="email" type="email" required maxLength={254} defaultValue={email} autoComplete="off" className={field} />
          </label>
          <p className="text-sm text-slate-600">{t('correctHelp')}</p>
          <button type="submit" disabled={busy} className={`${button} bg-ocean-700 text-white`}>
            {t('correctSubmit')}
          </button>
        </form>
      )}
    </section>
  );
}
