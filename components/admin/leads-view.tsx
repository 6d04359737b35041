'use client';

import { ArrowLeft } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { LeadList } from './lead-list';
import { LeadPane } from './lead-pane';
import { selectedLead } from './leads-state';
import { PrivacyPanel } from './privacy-panel';
import type { FailureHandler, useLeads } from './use-leads';
import { PHONE_QUERY, usePhoneDetail } from './use-phone-detail';

interface Props {
  leads: ReturnType<typeof useLeads>;
  onFailure: FailureHandler;
  onOpenSession: (sessionId: string) => void;
  /** An address was erased: its conversations leave the other view too. */
  onErased: () => void;
}

export function LeadsView({ leads, onFailure, onOpenSession, onErased }: Props) {
  const t = useTranslations('AdminConsole.leads');
  const { state, notice, select, setHandled, forgetEmail } = leads;
  const [privacyEmail, setPrivacyEmail] = useState('');
  const privacyInput = useRef<HTMLInputElement>(null);
  const lead = selectedLead(state);
  // On a phone a request opened covers the list and the privacy panel, until the back button.
  const detail = usePhoneDetail('lead');
  const listOnly = detail.open ? 'max-xs:hidden' : '';

  function open(id: number) {
    detail.show(`lead=${id}`);
    select(id);
    // On a phone the list is hidden: the focus (and the page) go to the request's top.
    if (window.matchMedia(PHONE_QUERY).matches) window.requestAnimationFrame(() => document.getElementById('lead-back')?.focus());
  }

  function manageData(email: string) {
    setPrivacyEmail(email);
    if (detail.open) detail.back();
    window.requestAnimationFrame(() => privacyInput.current?.focus());
  }

  function erased(email: string) {
    forgetEmail(email);
    onErased();
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
      <div className={`contents ${listOnly}`}>
        <LeadList leads={state.leads} selectedId={state.selectedId} onSelect={open} />
      </div>
      <div className={`min-w-0 space-y-2 ${detail.open ? '' : 'max-xs:hidden'}`}>
        <button
          id="lead-back"
          type="button"
          onClick={detail.back}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 xs:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('backToList')}
        </button>
        <LeadPane key={lead?.id ?? 'none'} lead={lead} onSetHandled={setHandled} onOpenSession={onOpenSession} onManageData={manageData} />
      </div>
      <div className={`contents ${listOnly}`}>
        <PrivacyPanel email={privacyEmail} onEmailChange={setPrivacyEmail} inputRef={privacyInput} onFailure={onFailure} onErased={erased} />
      </div>
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
    </div>
  );
}
