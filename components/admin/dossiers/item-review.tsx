'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { OperatorItemDto } from '@/lib/dossier/present';
import { REFUSAL_REASONS } from '@/lib/dossier/types';
import { changeItemAction, reviewItemAction } from './actions';
import { useDossierAct } from './use-dossier-act';

const button = 'min-h-11 rounded-lg px-4 font-semibold disabled:opacity-60';
const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

/** Valider (with the date that matters for the document), À vérifier (set aside), or Refuser with a reason of the list or written. */
export function ItemReview({ dossierId, item, reasons }: { dossierId: number; item: OperatorItemDto; reasons: Record<string, string> }) {
  const t = useTranslations('AdminConsole.dossier');
  const { act, busy } = useDossierAct();
  const [refusing, setRefusing] = useState(false);
  const validate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const date = (name: string) => (String(form.get(name) ?? '') || null) as string | null;
    void act(() => reviewItemAction(dossierId, item.id, { verdict: 'validate', expiresOn: date('expiresOn'), issuedOn: date('issuedOn') }));
  };
  const refuse = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const written = String(form.get('written') ?? '').trim();
    const reason = written || String(form.get('reason') ?? '');
    if (await act(() => reviewItemAction(dossierId, item.id, { verdict: 'refuse', reason }))) setRefusing(false);
  };
  return (
    <div className="space-y-2">
      <form onSubmit={validate} className="flex flex-wrap items-end gap-2" aria-label={`${t('validate')} : ${item.label}`}>
        {item.dated === 'expires' && (
          <label className="text-sm font-medium text-slate-800">
            {t('expiresOn')}
            <input name="expiresOn" type="date" defaultValue={item.expiresOn ?? ''} className={field} />
          </label>
        )}
        {item.dated === 'issued' && (
          <label className="text-sm font-medium text-slate-800">
            {t('issuedOn')}
            <input name="issuedOn" type="date" defaultValue={item.issuedOn ?? ''} className={field} />
          </label>
        )}
        <button
          type="submit"
          disabled={busy || item.files.every((file) => file.refused)}
          className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          {t('validate')}
        </button>
        <button
          type="button"
          onClick={() => void act(() => reviewItemAction(dossierId, item.id, { verdict: 'to_check' }))}
          disabled={busy || item.state === 'to_check' || item.files.every((file) => file.refused)}
          className={`${button} border border-amber-700 text-amber-900 hover:bg-amber-50`}
        >
          {t('markToCheck')}
        </button>
        <button type="button" onClick={() => setRefusing((value) => !value)} disabled={busy} className={`${button} bg-coral-700 text-white hover:bg-red-900`}>
          {t('refuse')}
        </button>
      </form>
      {refusing && (
        <form onSubmit={refuse} className="space-y-2 rounded-lg border border-red-200 p-3" aria-label={`${t('refuse')} : ${item.label}`}>
          <label className="block text-sm font-medium text-slate-800">
            {t('reason')}
            <select name="reason" className={field} defaultValue={REFUSAL_REASONS[0]}>
              {REFUSAL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reasons[reason]}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-800">
            {t('reasonOther')}
            <textarea name="written" maxLength={500} rows={2} className={field} />
          </label>
          <button type="submit" disabled={busy} className={`${button} bg-coral-700 text-white hover:bg-red-900`}>
            {t('refuse')}
          </button>
        </form>
      )}
    </div>
  );
}

/** Rename or drop an item. */
export function ItemEdit({ dossierId, item }: { dossierId: number; item: OperatorItemDto }) {
  const t = useTranslations('AdminConsole.dossier');
  const { act, busy } = useDossierAct();
  const [editing, setEditing] = useState(false);
  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const label = String(new FormData(event.currentTarget).get('label') ?? '');
    if (await act(() => changeItemAction(dossierId, { change: 'rename', itemId: item.id, label }))) setEditing(false);
  };
  return (
    <div className="flex flex-wrap gap-2 text-sm">
      {editing ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <label className="font-medium text-slate-800">
            {t('addLabel')}
            <input name="label" required maxLength={200} defaultValue={item.label} className={field} />
          </label>
          <button type="submit" disabled={busy} className={`${button} border border-slate-300`}>
            {t('save')}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setEditing(true)} className="text-ocean-800 underline">
          {t('rename')}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => void act(() => changeItemAction(dossierId, { change: 'drop', itemId: item.id }))}
        className="text-coral-700 underline"
      >
        {t('drop')}
      </button>
    </div>
  );
}

export function AddItemForm({ dossierId }: { dossierId: number }) {
  const t = useTranslations('AdminConsole.dossier');
  const { act, busy } = useDossierAct();
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const label = String(new FormData(form).get('label') ?? '');
    if (await act(() => changeItemAction(dossierId, { change: 'add', label }))) form.reset();
  };
  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2" aria-label={t('add')}>
      <label className="text-sm font-medium text-slate-800">
        {t('addLabel')}
        <input name="label" required maxLength={200} className={field} />
      </label>
      <button type="submit" disabled={busy} className={`${button} border border-slate-300`}>
        {t('add')}
      </button>
    </form>
  );
}
