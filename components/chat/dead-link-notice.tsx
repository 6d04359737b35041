'use client';

import { useState } from 'react';
import type { ChatStore } from './chat-store';
import type { ChatLabels } from './types';

/**
 * A reply mail's link that opened nothing (used, expired or erased): says so, and offers a new link,
 * which goes by mail to the address the first one went to, never to this browser.
 */
export function DeadLinkNotice({ store, labels }: { store: ChatStore; labels: ChatLabels }) {
  const [outcome, setOutcome] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const ask = async () => {
    setOutcome('sending');
    setOutcome((await store.requestNewLink()) ? 'sent' : 'failed');
  };
  const text = outcome === 'sent' ? labels.newLinkSent : outcome === 'failed' ? labels.newLinkFailed : labels.linkExpired;
  return (
    <div data-testid="chat-dead-link" className="border-b border-slate-200 bg-sand-50 px-4 py-2 text-sm text-slate-800">
      <p role="status">{text}</p>
      {outcome !== 'sent' && outcome !== 'failed' && (
        <button
          type="button"
          disabled={outcome === 'sending'}
          onClick={() => void ask()}
          className="mt-2 min-h-11 rounded-md px-3 text-sm font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50"
        >
          {labels.newLink}
        </button>
      )}
    </div>
  );
}
