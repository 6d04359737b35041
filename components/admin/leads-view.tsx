'use client';

import { useRef, useState } from 'react';
import { LeadList } from './lead-list';
import { LeadPane } from './lead-pane';
import { selectedLead } from './leads-state';
import { PrivacyPanel } from './privacy-panel';
import type { FailureHandler, useLeads } from './use-leads';

interface Props {
  leads: ReturnType<typeof useLeads>;
  onFailure: FailureHandler;
  onOpenSession: (sessionId: string) => void;
  /** An address was erased: its conversations leave the other view too. */
  onErased: () => void;
}

export function LeadsView({ leads, onFailure, onOpenSession, onErased }: Props) {
  const { state, notice, select, setHandled, forgetEmail } = leads;
  const [privacyEmail, setPrivacyEmail] = useState('');
  const privacyInput = useRef<HTMLInputElement>(null);
  const lead = selectedLead(state);

  function manageData(email: string) {
    setPrivacyEmail(email);
    privacyInput.current?.focus();
  }

  function erased(email: string) {
    forgetEmail(email);
    onErased();
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
      <LeadList leads={state.leads} selectedId={state.selectedId} onSelect={select} />
      <LeadPane key={lead?.id ?? 'none'} lead={lead} onSetHandled={setHandled} onOpenSession={onOpenSession} onManageData={manageData} />
      <PrivacyPanel email={privacyEmail} onEmailChange={setPrivacyEmail} inputRef={privacyInput} onFailure={onFailure} onErased={erased} />
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
    </div>
  );
}
