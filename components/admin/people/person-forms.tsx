'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { MAX_NOTE_LENGTH, MAX_REASON_LENGTH, STAGES, type Stage } from '@/lib/people/stages';
import type { PersonSummaryDto } from '@/components/admin/people/people-api';
import { unwrap } from '@/components/admin/shell/action-result';
import { changeFollowUp, changeStage, writeNote } from './actions';
import type { PersonActs } from './use-person-acts';

type FormProps = { person: PersonSummaryDto; people: PersonActs };

const FIELD = 'mt-1 min-h-10 w-full rounded-lg border border-slate-400 bg-white px-2';
const BUTTON = 'inline-flex min-h-10 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60';

export function PersonStageForm({ person, people }: FormProps) {
  const t = useTranslations('AdminConsole.people');
  const [stage, setStage] = useState<Stage>(person.stage);
  const [reason, setReason] = useState(person.lostReason ?? '');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await people.act(
      () => unwrap(changeStage(person.key, { stage, lostReason: stage === 'lost' ? reason : undefined })),
      t('stageChanged', { stage: t(`stages.${stage}`) }),
    );
    setBusy(false);
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <label htmlFor="person-stage" className="block text-sm font-medium text-slate-800">
        {t('stage')}
      </label>
      <select id="person-stage" value={stage} onChange={(event) => setStage(event.target.value as Stage)} className={FIELD}>
        {STAGES.map((item) => (
          <option key={item} value={item}>
            {t(`stages.${item}`)}
          </option>
        ))}
      </select>
      {stage === 'lost' && (
        <label className="block text-sm font-medium text-slate-800">
          {t('lostReason')}
          <input required maxLength={MAX_REASON_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} className={FIELD} />
        </label>
      )}
      <button type="submit" disabled={busy} className={BUTTON}>
        {t('changeStage')}
      </button>
    </form>
  );
}

export function PersonFollowUpForm({ person, people }: FormProps) {
  const t = useTranslations('AdminConsole.people');
  const [date, setDate] = useState(person.followUpAt ? person.followUpAt.slice(0, 10) : '');
  const [reason, setReason] = useState(person.followUpReason ?? '');
  async function submit(event: FormEvent) {
    event.preventDefault();
    await people.act(() => unwrap(changeFollowUp(person.key, { date: date || null, reason })), date ? t('followUpSet') : t('followUpCleared'));
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <label className="block text-sm font-medium text-slate-800">
        {t('followUpDate')}
        <input type="date" value={date} onChange={(event) => setDate(event.target.value)} className={FIELD} />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        {t('followUpReason')}
        <input maxLength={MAX_REASON_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} className={FIELD} />
      </label>
      <button type="submit" className={BUTTON}>
        {t('saveFollowUp')}
      </button>
    </form>
  );
}

export function PersonNoteForm({ person, people }: FormProps) {
  const t = useTranslations('AdminConsole.people');
  const [body, setBody] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    if (await people.act(() => unwrap(writeNote(person.key, body)), t('noteAdded'))) setBody('');
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <label className="block text-sm font-medium text-slate-800">
        {t('note')}
        <textarea required maxLength={MAX_NOTE_LENGTH} rows={3} value={body} onChange={(event) => setBody(event.target.value)} className={FIELD} />
      </label>
      <p className="text-xs text-slate-700">{t('noteHelp')}</p>
      <button type="submit" className={BUTTON}>
        {t('addNote')}
      </button>
    </form>
  );
}
