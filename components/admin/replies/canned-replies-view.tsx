'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { CANNED_LOCALES, type CannedReplyDto } from '@/lib/canned/reply';
import { CannedReplyForm } from '@/components/admin/replies/canned-reply-form';
import { useConsole } from '@/components/admin/shell/console-context';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';

const BUTTON = 'inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const SECONDARY = `${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`;
const DANGER = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;

/** The "Réponses types" view: the form to create or edit, then the saved replies. */
export function CannedRepliesView({ initialReplies }: { initialReplies: CannedReplyDto[] }) {
  const t = useTranslations('AdminConsole.canned');
  const languageName = useLanguageName();
  const { canned } = useConsole();
  const { save, remove } = canned;
  // The server's list for the first paint, the shell's live one once it has read it.
  const replies = canned.replies ?? initialReplies;
  const [editing, setEditing] = useState<CannedReplyDto | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const cancelRef = useRef<HTMLButtonElement>(null);
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  /** `edit-<id>`, `delete-<id>` or the list's title. */
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (confirming !== null) cancelRef.current?.focus();
  }, [confirming]);

  // Focus goes back where the operator came from once the list shows it again.
  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    (buttons.current.get(target) ?? listTitleRef.current)?.focus();
  });

  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  function finishEditing(saved: CannedReplyDto | null) {
    if (editing) focusAfter.current = `edit-${saved?.id ?? editing.id}`;
    setEditing(null);
  }

  async function confirmDelete(reply: CannedReplyDto) {
    setDeleting(true);
    const deleted = await remove(reply);
    setDeleting(false);
    if (!deleted) return;
    setConfirming(null);
    if (editing?.id === reply.id) setEditing(null);
    focusAfter.current = 'list';
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <CannedReplyForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onDone={finishEditing} />
      <section aria-labelledby="canned-list-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="canned-list-title" ref={listTitleRef} tabIndex={-1} className="text-lg font-semibold text-ocean-900">
          {t('listTitle')}
          {replies && <span className="ml-2 text-sm font-normal text-slate-700">({t('count', { count: replies.length })})</span>}
        </h2>
        {replies === null && <p className="mt-3 text-slate-700">{t('loading')}</p>}
        {replies?.length === 0 && <p className="mt-3 text-slate-700">{t('none')}</p>}
        {replies && replies.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200">
            {replies.map((reply) => {
              const languages = CANNED_LOCALES.filter((locale) => reply.texts[locale]).map(languageName);
              return (
                <li key={reply.id} data-canned-id={reply.id} className="py-3">
                  <p className="font-mono font-semibold text-ocean-900">/{reply.shortcut}</p>
                  <p lang="fr" className="mt-1 line-clamp-2 text-sm text-slate-800">
                    {reply.texts.fr}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {t('languagesPresent')} {languages.join(', ')}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button
                      type="button"
                      ref={buttonRef(`edit-${reply.id}`)}
                      onClick={() => {
                        setConfirming(null);
                        setEditing(reply);
                      }}
                      className={SECONDARY}
                    >
                      {t('edit')}
                      <span className="sr-only"> /{reply.shortcut}</span>
                    </button>
                    <button
                      type="button"
                      ref={buttonRef(`delete-${reply.id}`)}
                      onClick={() => setConfirming(reply.id)}
                      disabled={confirming !== null}
                      className={SECONDARY}
                    >
                      {t('delete')}
                      <span className="sr-only"> /{reply.shortcut}</span>
                    </button>
                  </div>
                  {confirming === reply.id && (
                    <div role="group" aria-labelledby={`canned-delete-${reply.id}`} className="mt-3 rounded-lg border border-red-700 bg-red-50 p-3">
                      <p id={`canned-delete-${reply.id}`} className="font-semibold text-red-900">
                        {t('deleteConfirm', { shortcut: reply.shortcut })}
                      </p>
                      <div className="mt-2 flex flex-wrap gap-2">
                        <button type="button" onClick={() => void confirmDelete(reply)} disabled={deleting} className={DANGER}>
                          {deleting ? t('deleting') : t('confirmDelete')}
                        </button>
                        <button
                          ref={cancelRef}
                          type="button"
                          onClick={() => {
                            focusAfter.current = `delete-${reply.id}`;
                            setConfirming(null);
                          }}
                          disabled={deleting}
                          className={SECONDARY}
                        >
                          {t('cancel')}
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
