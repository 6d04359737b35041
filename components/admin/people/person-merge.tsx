'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { peopleApi, type PersonSummaryDto } from '@/components/admin/people/people-api';
import { unwrap } from '@/components/admin/shell/action-result';
import { merge, unmerge } from './actions';
import type { PersonActs } from './use-person-acts';

type Props = { person: PersonSummaryDto; people: PersonActs };

const BUTTON = 'inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100';

/** Merges another record into this person (one action), and undoes earlier merges. */
export function PersonMerge({ person, people }: Props) {
  const t = useTranslations('AdminConsole.people');
  const [others, setOthers] = useState<PersonSummaryDto[] | null>(null);
  const [chosen, setChosen] = useState('');

  async function loadOthers() {
    if (others) return;
    const { people: everyone } = await peopleApi.list({ view: 'all' }).catch(() => ({ people: [] as PersonSummaryDto[] }));
    setOthers(everyone.filter((other) => other.key !== person.key));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    const label = others?.find((other) => other.key === chosen)?.label ?? chosen;
    if (await people.act(() => unwrap(merge(chosen, person.key)), t('merged', { label }))) {
      setChosen('');
      setOthers(null);
    }
  }

  return (
    <section aria-labelledby="person-merge" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="person-merge" className="font-semibold text-slate-900">
        {t('mergeTitle')}
      </h3>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-800">
          {t('mergeWith')}
          <select
            value={chosen}
            onFocus={() => void loadOthers()}
            onMouseDown={() => void loadOthers()}
            onChange={(event) => setChosen(event.target.value)}
            className="mt-1 block min-h-10 max-w-full rounded-lg border border-slate-400 bg-white px-2"
          >
            <option value="">{others === null ? t('mergeChoose') : t('mergeNone', { count: others.length })}</option>
            {others?.map((other) => (
              <option key={other.key} value={other.key}>
                {other.email ? `${other.label} · ${other.email}` : other.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!chosen} className={BUTTON}>
          {t('merge')}
        </button>
      </form>
      {person.merged.length > 0 && (
        <ul className="space-y-1 text-sm">
          {person.merged.map(({ key, label }) => (
            <li key={key} className="flex flex-wrap items-center gap-2">
              <span>{t('mergedRecord', { record: label })}</span>
              <button type="button" className={BUTTON} onClick={() => void people.act(() => unwrap(unmerge(key)), t('unmerged'))}>
                {t('undoMerge')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
