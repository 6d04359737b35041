'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { PeopleView, Stage } from '@/lib/people/stages';
import { peopleApi, type PersonDetailDto, type PersonSummaryDto } from './people-api';
import type { FailureHandler } from './use-once-per-outage';

export const PEOPLE_POLL_MS = 30_000;
/** Visitor messages in a row (a conversation reopening) cause one reread. */
const MESSAGE_REREAD_MS = 500;

/** The "Personnes" view's list (by view and stage), the selected person and the actions on them. */
export function usePeople({ active, onFailure }: { active: boolean; onFailure: FailureHandler }) {
  const t = useTranslations('AdminConsole.people');
  const [view, setView] = useState<PeopleView>('open');
  const [stage, setStageFilter] = useState<Stage | null>(null);
  const [people, setPeople] = useState<PersonSummaryDto[] | null>(null);
  const [total, setTotal] = useState(0);
  const [detail, setDetail] = useState<PersonDetailDto | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [nextChangeAt, setNextChangeAt] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const answer = await peopleApi.list({ view, stage });
      setPeople(answer.people);
      setTotal(answer.total);
      setNextChangeAt(answer.nextChangeAt);
    } catch (error) {
      onFailure(error, t('loadFailed'));
    }
  }, [view, stage, onFailure, t]);

  const open = useCallback(
    async (key: string) => {
      setSelectedKey(key);
      try {
        setDetail(await peopleApi.get(key));
      } catch (error) {
        onFailure(error, t('loadFailed'));
      }
    },
    [onFailure, t],
  );

  useEffect(() => {
    if (!active) return;
    // Read when shown, then every 30 s while the page is visible.
    const first = window.setTimeout(() => void refresh(), 0);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, PEOPLE_POLL_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active, refresh]);

  // A snooze that ends reopens its conversation: read the list again at that moment.
  useEffect(() => {
    if (!active || !nextChangeAt) return;
    const delay = Math.max(0, Date.parse(nextChangeAt) - Date.now()) + 1000;
    if (delay > PEOPLE_POLL_MS) return;
    const timer = window.setTimeout(() => void refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [active, nextChangeAt, refresh]);

  // A visitor writing (through any instance) reopens a resolved or snoozed conversation.
  const rereadTimer = useRef<number | undefined>(undefined);
  const onVisitorMessage = useCallback(() => {
    if (!active) return;
    window.clearTimeout(rereadTimer.current);
    rereadTimer.current = window.setTimeout(() => void refresh(), MESSAGE_REREAD_MS);
  }, [active, refresh]);
  useEffect(() => () => window.clearTimeout(rereadTimer.current), []);

  /** Runs an action that answers the person's new detail, then rereads the list. */
  const act = useCallback(
    async (action: () => Promise<PersonDetailDto | unknown>, done: string) => {
      try {
        const answer = await action();
        if (answer && typeof answer === 'object' && 'person' in answer) setDetail(answer as PersonDetailDto);
        else if (selectedKey) setDetail(await peopleApi.get(selectedKey));
        toast({ title: t('saved'), description: done });
        await refresh();
        return true;
      } catch (error) {
        onFailure(error, t('saveFailed'));
        return false;
      }
    },
    [onFailure, refresh, selectedKey, t],
  );

  return { view, setView, stage, setStageFilter, people, total, detail, selectedKey, open, refresh, act, onVisitorMessage };
}
