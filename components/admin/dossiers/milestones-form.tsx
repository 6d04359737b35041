'use client';

import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import type { OperatorDossierDto } from '@/lib/dossier/present';
import { milestoneAction } from './actions';
import { useDossierAct } from './use-dossier-act';

const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';
const button = 'min-h-11 rounded-lg border border-slate-300 px-4 font-semibold disabled:opacity-60';

/** The milestones an operator records: submitted to the EDB with its reference, the decision, the permit issued with its end, closing. */
export function MilestonesForm({ dossier }: { dossier: OperatorDossierDto }) {
  const t = useTranslations('AdminConsole.dossier');
  const { act, busy } = useDossierAct();
  const read = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    return (name: string) => String(form.get(name) ?? '');
  };
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <form
        aria-label={t('submitted')}
        className="space-y-2 rounded-lg border border-slate-200 p-3"
        onSubmit={(event) => {
          const value = read(event);
          void act(() => milestoneAction(dossier.id, { milestone: 'submitted', on: value('on'), reference: value('reference') }));
        }}
      >
        <h4 className="font-semibold">{t('submitted')}</h4>
        <input name="on" type="date" required aria-label={t('submitted')} defaultValue={dossier.submittedAt ?? ''} className={field} />
        <label className="block text-sm">
          {t('reference')}
          <input name="reference" required maxLength={80} defaultValue={dossier.edbReference ?? ''} className={field} />
        </label>
        <button type="submit" disabled={busy} className={button}>
          {t('save')}
        </button>
      </form>
      <form
        aria-label={t('decision')}
        className="space-y-2 rounded-lg border border-slate-200 p-3"
        onSubmit={(event) => {
          const value = read(event);
          void act(() => milestoneAction(dossier.id, { milestone: 'decision', on: value('on'), decision: value('decision') as 'approved' | 'refused' }));
        }}
      >
        <h4 className="font-semibold">{t('decision')}</h4>
        <input name="on" type="date" required aria-label={t('decision')} defaultValue={dossier.decidedAt ?? ''} className={field} />
        <select name="decision" aria-label={t('decision')} defaultValue={dossier.decision ?? 'approved'} className={field}>
          <option value="approved">{t('approved')}</option>
          <option value="refused">{t('refusedDecision')}</option>
        </select>
        <button type="submit" disabled={busy} className={button}>
          {t('save')}
        </button>
      </form>
      <form
        aria-label={t('issued')}
        className="space-y-2 rounded-lg border border-slate-200 p-3"
        onSubmit={(event) => {
          const value = read(event);
          void act(() => milestoneAction(dossier.id, { milestone: 'issued', on: value('on'), endsOn: value('endsOn') }));
        }}
      >
        <h4 className="font-semibold">{t('issued')}</h4>
        <input name="on" type="date" required aria-label={t('issued')} defaultValue={dossier.permitIssuedAt ?? ''} className={field} />
        <label className="block text-sm">
          {t('endsOn')}
          <input name="endsOn" type="date" required defaultValue={dossier.permitEndsAt ?? ''} className={field} />
        </label>
        <button type="submit" disabled={busy} className={button}>
          {t('save')}
        </button>
      </form>
      {!dossier.closedAt && (
        <button type="button" disabled={busy} onClick={() => void act(() => milestoneAction(dossier.id, { milestone: 'closed' }))} className={button}>
          {t('close')}
        </button>
      )}
    </div>
  );
}
