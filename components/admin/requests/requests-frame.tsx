'use client';

import { useParams, usePathname, useRouter } from 'next/navigation';
import { VIEW_HREF } from '@/lib/console-app/views';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useConsole } from '@/components/admin/shell/console-context';
import { BackToList } from '@/components/admin/shell/back-to-list';
import { isPhone, rememberOpenedFrom, takeReturnFocus } from '@/components/admin/shell/phone';
import type { LeadDto } from '@/lib/leads/admin-queries';
import { LeadList } from './lead-list';
import { PrivacyPanel } from './privacy-panel';
import { findNewLeads } from './leads-state';
import { RequestsContext } from './requests-context';

export const REQUESTS = VIEW_HREF.requests;

/** The requests' list beside the one opened (the route's page), and the privacy panel below. */
export function RequestsFrame({ leads, children }: { leads: LeadDto[]; children: ReactNode }) {
  const t = useTranslations('AdminConsole.leads');
  const { handleFailure } = useConsole();
  const router = useRouter();
  const params = useParams<{ id?: string }>();
  const pathname = usePathname();
  const openId = params.id ? Number(params.id) : null;
  const listOnly = openId ? 'max-xs:hidden' : '';
  const [privacyEmail, setPrivacyEmail] = useState('');
  const privacyInput = useRef<HTMLInputElement>(null);

  // Requests that arrived since the list was last shown are announced (the stream renders it again).
  const [notice, setNotice] = useState('');
  const shown = useRef<LeadDto[] | null>(null);
  useEffect(() => {
    const arrived = findNewLeads(shown.current, leads);
    shown.current = leads;
    if (arrived.length > 0) setNotice(t('newLeads', { count: arrived.length }));
  }, [leads, t]);

  // The request shown may be one of those erased: back to the list, which the server renders again
  // (a layout is not rendered again on navigation, hence the refresh).
  function erased() {
    if (openId) router.replace(REQUESTS);
    router.refresh();
  }

  useEffect(() => {
    if (openId) {
      // On a phone the list is hidden: the focus (and the page) go to the request's top.
      if (isPhone()) document.getElementById('lead-back')?.focus();
      return;
    }
    const item = takeReturnFocus(REQUESTS);
    if (item) document.querySelector<HTMLElement>(`[data-lead-id="${CSS.escape(item)}"]`)?.focus();
  }, [openId, pathname]);

  return (
    <RequestsContext value={{ manageData: (email) => (setPrivacyEmail(email), window.requestAnimationFrame(() => privacyInput.current?.focus())) }}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div className={`contents ${listOnly}`}>
          <LeadList leads={leads} selectedId={openId} onOpen={(id) => rememberOpenedFrom(REQUESTS, String(id))} />
        </div>
        <div className={`min-w-0 space-y-2 ${openId ? '' : 'max-xs:hidden'}`}>
          {openId && <BackToList id="lead-back" list={REQUESTS} item={String(openId)} label={t('backToList')} />}
          {children}
        </div>
        <div className={`contents ${listOnly}`}>
          <PrivacyPanel email={privacyEmail} onEmailChange={setPrivacyEmail} inputRef={privacyInput} onFailure={handleFailure} onErased={erased} />
        </div>
        <p aria-live="polite" className="sr-only">
          {notice}
        </p>
      </div>
    </RequestsContext>
  );
}
