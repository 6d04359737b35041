'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '@/lib/chat/message';
import { CANNED_LOCALES, MAX_SHORTCUT_LENGTH, SHORTCUT_PATTERN, type CannedReplyDto } from '@/lib/canned/reply';
import type { CannedReplyDraft } from '@/components/admin/shell/admin-api';
import type { CannedSaveResult } from '@/components/admin/replies/use-canned-replies';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';

const BUTTON = 'inline-flex min-h-11 items-center rounded-lg px-5 font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 focus:border-ocean-700';

const emptyDraft = (): CannedReplyDraft => ({ shortcut: '', texts: { fr: '', en: '', es: '', de: '', it: '' } });

function draftOf(reply: CannedReplyDto): CannedReplyDraft {
  const texts = emptyDraft().texts;
  for (const locale of CANNED_LOCALES) texts[locale] = reply.texts[locale] ?? '';
  return { shortcut: reply.shortcut, texts };
}

interface Props {
  /** The reply being edited; null to create one. */
  editing: CannedReplyDto | null;
  onSave: (id: number | null, draft: CannedReplyDraft) => Promise<CannedSaveResult>;
  onDone: (saved: CannedReplyDto | null) => void;
}

/** Creates a reply, or edits the one chosen in the list: a shortcut and a text per language. */
export function CannedReplyForm({ editing, onSave, onDone }: Props) {
  const t = useTranslations('AdminConsole.canned');
  const languageName = useLanguageName();
  const [draft, setDraft] = useState<CannedReplyDraft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const [saving, setSaving] = useState(false);
  const [shortcutTaken, setShortcutTaken] = useState(false);
  const shortcutRef = useRef<HTMLInputElement>(null);

  // The form is keyed by the reply it edits: choosing "Modifier" brings the operator here.
  useEffect(() => {
    if (editing) shortcutRef.current?.focus();
  }, [editing]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await onSave(editing?.id ?? null, { ...draft, shortcut: draft.shortcut.trim().toLowerCase() });
    setSaving(false);
    if (result.ok) {
      setDraft(emptyDraft());
      onDone(result.reply);
      if (!editing) shortcutRef.current?.focus();
    } else if (result.shortcutTaken) {
      setShortcutTaken(true);
      shortcutRef.current?.focus();
    }
  }

  const title = editing ? t('formTitleEdit', { shortcut: editing.shortcut }) : t('formTitleNew');
  return (
    <section aria-labelledby="canned-form-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="canned-form-title" className="text-lg font-semibold text-ocean-900">
        {title}
      </h2>
      <form onSubmit={submit} className="mt-3 space-y-4">
        <div>
          <label htmlFor="canned-shortcut" className="block text-sm font-semibold text-slate-800">
            {t('shortcut')}
          </label>
          <div className="mt-1 flex items-center gap-1">
            <span aria-hidden="true" className="font-mono text-lg text-slate-700">
              /
            </span>
            <input
              ref={shortcutRef}
              id="canned-shortcut"
              type="text"
              required
              pattern={SHORTCUT_PATTERN}
              maxLength={MAX_SHORTCUT_LENGTH}
              autoComplete="off"
              spellCheck={false}
              value={draft.shortcut}
              aria-invalid={shortcutTaken || undefined}
              aria-describedby={shortcutTaken ? 'canned-shortcut-error canned-shortcut-help' : 'canned-shortcut-help'}
              onChange={(event) => {
                setShortcutTaken(false);
                setDraft({ ...draft, shortcut: event.target.value });
              }}
              className={`${FIELD} mt-0 min-h-11 max-w-xs font-mono`}
            />
          </div>
          {shortcutTaken && (
            <p id="canned-shortcut-error" className="mt-1 text-sm font-semibold text-red-800">
              {t('shortcutTaken')}
            </p>
          )}
          <p id="canned-shortcut-help" className="mt-1 text-sm text-slate-700">
            {t('shortcutHelp')}
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t('textsLegend')}</legend>
          <p id="canned-texts-help" className="mt-1 text-sm text-slate-700">
            {t('textsHelp')}
          </p>
          <div className="mt-2 space-y-3">
            {CANNED_LOCALES.map((locale) => (
              <div key={locale}>
                <label htmlFor={`canned-text-${locale}`} className="block text-sm font-semibold text-slate-800">
                  {locale === 'fr' ? `${languageName(locale)} (${t('required')})` : languageName(locale)}
                </label>
                <textarea
                  id={`canned-text-${locale}`}
                  lang={locale}
                  rows={2}
                  required={locale === 'fr'}
                  maxLength={MAX_MESSAGE_LENGTH}
                  value={draft.texts[locale]}
                  aria-describedby={locale === 'fr' ? 'canned-texts-help' : undefined}
                  onChange={(event) => setDraft({ ...draft, texts: { ...draft.texts, [locale]: event.target.value } })}
                  className={`${FIELD} py-2`}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={saving} className={`${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800`}>
            {editing ? (saving ? t('saving') : t('save')) : saving ? t('creating') : t('create')}
          </button>
          {editing && (
            <button
              type="button"
              onClick={() => onDone(null)}
              disabled={saving}
              className={`${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`}
            >
              {t('cancelEdit')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
