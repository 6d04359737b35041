'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { dossierHref } from '@/lib/console-app/views';
import { openDossierAction } from './actions';
import { useDossierAct } from './use-dossier-act';

type Option = { id: string; label: string };

const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

function SelectField({ label, name, defaultValue, options }: { label: string; name: string; defaultValue: string; options: Option[] }) {
  return (
    <label className="text-sm font-medium text-slate-800">
      {label}
      <select name={name} defaultValue={defaultValue} className={field}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export type OpenDossierDefaults = { permit: string; nationality: string; locale: string; targetDate: string; email: string };

/** "Ouvrir un dossier": the permit and passport proposed from the person's visa result when there is one. */
export function OpenDossierForm({
  personKey,
  defaults,
  proposedPermit,
  permits,
  nationalities,
  languages,
}: {
  personKey: string;
  defaults: OpenDossierDefaults;
  proposedPermit: string | null;
  permits: Option[];
  nationalities: Option[];
  languages: Option[];
}) {
  const t = useTranslations('AdminConsole.dossier');
  const router = useRouter();
  const { act, busy } = useDossierAct();
  const [open, setOpen] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const opened = await act(() =>
      openDossierAction(personKey, {
        permit: value('permit') as never,
        nationality: value('nationality') as never,
        locale: value('locale') as never,
        targetDate: value('targetDate'),
        email: value('email'),
      }),
    );
    if (opened) router.push(dossierHref(opened.id));
  };
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className="min-h-11 rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800">
        {t('open')}
      </button>
    );
  return (
    <form onSubmit={submit} aria-label={t('openTitle')} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h4 className="font-semibold text-ocean-900">{t('openTitle')}</h4>
      {proposedPermit && <p className="text-sm text-slate-700">{t('proposed', { permit: proposedPermit })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('permit')} name="permit" defaultValue={defaults.permit} options={permits} />
        <SelectField label={t('nationality')} name="nationality" defaultValue={defaults.nationality} options={nationalities} />
        <SelectField label={t('locale')} name="locale" defaultValue={defaults.locale} options={languages} />
        <label className="text-sm font-medium text-slate-800">
          {t('targetDate')}
          <input name="targetDate" type="date" required defaultValue={defaults.targetDate} className={field} />
        </label>
        <label className="text-sm font-medium text-slate-800 sm:col-span-2">
          {t('email')}
          <input name="email" type="email" required defaultValue={defaults.email} className={field} />
        </label>
      </div>
      <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60">
        {t('create')}
      </button>
    </form>
  );
}
