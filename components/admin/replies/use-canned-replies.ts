'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/api-error';
import { MAX_CANNED_REPLIES, type CannedReplyDto } from '@/lib/canned/reply';
import { adminApi, type CannedReplyDraft } from '@/components/admin/shell/admin-api';
import { unwrap } from '@/components/admin/shell/action-result';
import { useOncePerOutage, type FailureHandler } from '@/components/admin/shell/use-once-per-outage';
import { deleteReply, saveReply } from './actions';

/** Why a save was refused, for the form to show beside its field. */
export type CannedSaveResult = { ok: true; reply: CannedReplyDto } | { ok: false; shortcutTaken: boolean };

type Action = { type: 'loaded'; replies: CannedReplyDto[] } | { type: 'saved'; reply: CannedReplyDto } | { type: 'deleted'; id: number };

/** null until the first list arrives; kept by shortcut, as the server lists them. */
export function cannedRepliesReducer(state: CannedReplyDto[] | null, action: Action): CannedReplyDto[] | null {
  switch (action.type) {
    case 'loaded':
      return action.replies;
    case 'saved':
      return [...(state ?? []).filter((other) => other.id !== action.reply.id), action.reply].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
    case 'deleted':
      return (state ?? []).filter((other) => other.id !== action.id);
  }
}

/**
 * The canned replies, from the database: read when the console opens, when its window regains
 * focus or becomes visible, and after each change, so a reply saved on another instance (or in
 * another console) is offered here without a live push.
 */
export function useCannedReplies({ onFailure }: { onFailure: FailureHandler }) {
  const t = useTranslations('AdminConsole.canned');
  const [replies, dispatch] = useReducer(cannedRepliesReducer, null);
  const listReads = useOncePerOutage(onFailure);
  // Reads overlap (focus, view shown, after a change): only the newest one may replace the list,
  // or a slow read started before a save would bring back the reply as it was.
  const newestRead = useRef(0);

  const refresh = useCallback(async () => {
    const read = ++newestRead.current;
    try {
      const loaded = await adminApi.listCannedReplies();
      listReads.succeeded();
      if (read === newestRead.current) dispatch({ type: 'loaded', replies: loaded });
    } catch (error) {
      listReads.failed(error, t('loadFailed'));
    }
  }, [listReads, t]);

  useEffect(() => {
    void refresh();
    const onFocus = () => void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const save = useCallback(
    async (id: number | null, draft: CannedReplyDraft): Promise<CannedSaveResult> => {
      try {
        const reply = await unwrap(saveReply(id, draft));
        newestRead.current += 1;
        dispatch({ type: 'saved', reply });
        toast({ title: t('success'), description: t(id === null ? 'created' : 'updated', { shortcut: reply.shortcut }) });
        void refresh();
        return { ok: true, reply };
      } catch (error) {
        const code = error instanceof ApiError ? error.code : '';
        if (code === 'shortcut_taken') return { ok: false, shortcutTaken: true };
        if (code === 'too_many_replies') onFailure(error, t('tooMany', { max: MAX_CANNED_REPLIES }));
        else onFailure(error, code === 'invalid_reply' ? t('invalid') : t('saveFailed'));
        return { ok: false, shortcutTaken: false };
      }
    },
    [onFailure, refresh, t],
  );

  const remove = useCallback(
    async (reply: CannedReplyDto): Promise<boolean> => {
      try {
        await unwrap(deleteReply(reply.id));
      } catch (error) {
        // Already deleted elsewhere: the list just catches up.
        if (!(error instanceof ApiError && error.status === 404)) {
          onFailure(error, t('deleteFailed'));
          return false;
        }
      }
      newestRead.current += 1;
      dispatch({ type: 'deleted', id: reply.id });
      toast({ title: t('success'), description: t('deleted', { shortcut: reply.shortcut }) });
      void refresh();
      return true;
    },
    [onFailure, refresh, t],
  );

  return { replies, refresh, save, remove };
}

export type CannedReplies = ReturnType<typeof useCannedReplies>;
