'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { LeadDto } from '@/lib/leads/admin-queries';
import { adminApi } from './admin-api';
import { findNewLeads, initialLeadsState, leadsReducer } from './leads-state';
import { useOncePerOutage, type FailureHandler } from './use-once-per-outage';

export type { FailureHandler };

/** The chat's event stream carries messages only: new leads are found by reading the list again. */
export const LEADS_POLL_MS = 30_000;

interface Options {
  /** The "Demandes" view is on screen: read the list now, then every 30 s while the page is visible. */
  active: boolean;
  onFailure: FailureHandler;
}

export function useLeads({ active, onFailure }: Options) {
  const t = useTranslations('AdminConsole.leads');
  const [state, dispatch] = useReducer(leadsReducer, initialLeadsState);
  const [notice, setNotice] = useState('');
  const stateRef = useRef(state);
  const listReads = useOncePerOutage(onFailure);
  useEffect(() => {
    stateRef.current = state;
  });

  const refresh = useCallback(async () => {
    try {
      const { leads, unhandled } = await adminApi.listLeads();
      const arrived = findNewLeads(stateRef.current.leads, leads);
      if (arrived.length > 0) setNotice(t('newLeads', { count: arrived.length }));
      listReads.succeeded();
      dispatch({ type: 'loaded', leads, unhandled });
    } catch (error) {
      listReads.failed(error, t('loadFailed'));
    }
  }, [listReads, t]);

  // Read once for the badge in the other view too; polled only while the list is shown.
  useEffect(() => {
    void refresh();
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, LEADS_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, refresh]);

  const select = useCallback((id: number | null) => dispatch({ type: 'selected', id }), []);

  const setHandled = useCallback(
    async (lead: LeadDto, handled: boolean) => {
      try {
        const updated = await adminApi.setLeadHandled(lead.id, handled);
        dispatch({ type: 'updated', lead: updated.lead, unhandled: updated.unhandled });
        toast({ title: t('success'), description: handled ? t('markedHandled') : t('markedPending') });
      } catch (error) {
        onFailure(error, t('updateFailed'));
      }
    },
    [onFailure, t],
  );

  const forgetEmail = useCallback(
    (email: string) => {
      dispatch({ type: 'erased', email });
      void refresh();
    },
    [refresh],
  );

  return { state, notice, refresh, select, setHandled, forgetEmail };
}
