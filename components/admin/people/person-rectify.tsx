'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { unwrap } from '@/components/admin/shell/action-result';
import { correctDetails } from './actions';
import type { PersonSummaryDto } from './people-api';
import type { PersonActs } from './use-person-acts';

type Props = { person: PersonSummaryDto; people: PersonActs };

const FIELD = 'mt-1 min-h-10 w-full rounded-lg border border-slate-400 bg-white px-2';
const BUTTON = 'inline-flex min-h-10 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60';
const FIELDS = ['name', 'email', 'phone'] as const;
const LABELS = { name: 'rectifyName', email: 'rectifyEmail', phone: 'rectifyPhone' } as const;
const TYPES = { name: 'text', email: 'email', phone: 'tel' } as const;

/** Corrects the person's name, address and phone (rectification); kept in their history. */
export function PersonRectify({ person, people }: Props) {
  const t = useTranslations('AdminConsole.people');
  const [values, setValues] = useState({ name: person.name ?? '', email: person.email ?? '', phone: person.phone ?? '' });
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change = Object.fromEntries(
      FIELDS.filter((field) => values[field].trim() !== (person[field] ?? '')).map((field) => [field, values[field].trim() || null]),
    );
    if (Object.keys(change).length === 0) return;
    setBusy(true);
    setInvalid(false);
    // A refused correction says what to fix beside the form; any other failure goes to the console's handler.
    const failure = await unwrap(correctDetails(person.key, change)).then(
      () => null,
      (error: unknown) => error,
    );
    if (failure instanceof ApiError && failure.status === 400) setInvalid(true);
    else
      await people.act(async () => {
        if (failure) throw failure;
      }, t('rectified'));
    setBusy(false);
  }

  return (
    <form onSubmit={submit} aria-labelledby="person-rectify" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="person-rectify" className="font-semibold text-slate-900">
        {t('rectifyTitle')}
      </h3>
      <p className="text-sm text-slate-700">{t('rectifyHelp')}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <label key={field} className="block text-sm font-medium text-slate-800">
            {t(LABELS[field])}
            <input
              name={field}
              type={TYPES[field]}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              className={FIELD}
            />
          </label>
        ))}
      </div>
      {invalid && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('rectifyInvalid')}
        </p>
      )}
      <button type="submit" disabled={busy} className={BUTTON}>
        {t('rectifySave')}
      </button>
    </form>
  );
}
