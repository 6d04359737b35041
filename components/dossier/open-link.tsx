'use client';

import { useEffect, useRef, useState } from 'react';
import type { OpenLabels } from './types';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Where the token waits in this tab once out of the address bar, so a reload before the button still finds it. */
const STORE_KEY = 'dossier-link';

/** The link's token: from the fragment (then taken out of the address at once), or kept from an earlier load of this tab. */
function takeToken(): string | null {
  const fromHash = window.location.hash.slice(1);
  if (TOKEN.test(fromHash)) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    try {
      window.sessionStorage.setItem(STORE_KEY, fromHash);
    } catch {
      // storage refused (private mode): the token lives in this page only
    }
    return fromHash;
  }
  try {
    const kept = window.sessionStorage.getItem(STORE_KEY);
    return kept && TOKEN.test(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** `ready` with an error: one that a new try may mend (busy, offline); `refused`: the link itself cannot open the dossier. */
type State =
  | { step: 'reading' }
  | { step: 'missing' }
  | { step: 'ready'; token: string; error?: string }
  | { step: 'opening'; token: string }
  | { step: 'refused'; code: string };

const RETRIABLE = new Set(['rate_limited', 'unavailable']);

/**
 * The button that spends the mailed link: nothing is sent until the client presses it, so a mail
 * scanner or a preview that loads this page (scripts included) leaves the link unspent.
 */
export function OpenLink({ labels, askHref }: { labels: OpenLabels; askHref: string }) {
  const [state, setState] = useState<State>({ step: 'reading' });
  useEffect(() => {
    const token = takeToken();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment exists only in the browser: read once, after hydration
    setState(token ? { step: 'ready', token } : { step: 'missing' });
  }, []);

  const ask = useRef<HTMLAnchorElement>(null);
  // The button is gone with a refusal: the keyboard's focus goes to what to do next.
  useEffect(() => {
    if (state.step === 'refused') ask.current?.focus();
  }, [state.step]);

  const open = async (token: string) => {
    setState({ step: 'opening', token });
    const response = await fetch('/api/dossier/open', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { location?: unknown; error?: unknown } | null;
    if (response?.ok && typeof body?.location === 'string') {
      try {
        window.sessionStorage.removeItem(STORE_KEY);
      } catch {
        // nothing kept
      }
      // In place of this page: Back does not return to a spent link.
      window.location.replace(body.location);
      return;
    }
    const code = typeof body?.error === 'string' && body.error in labels.errors ? body.error : 'unavailable';
    if (RETRIABLE.has(code)) return setState({ step: 'ready', token, error: code });
    try {
      window.sessionStorage.removeItem(STORE_KEY);
    } catch {
      // nothing kept
    }
    setState({ step: 'refused', code });
  };

  const token = state.step === 'ready' || state.step === 'opening' ? state.token : null;
  const refused = state.step === 'refused' ? state.code : null;
  const problem =
    state.step === 'missing' ? labels.missing : refused ? labels.errors[refused] : state.step === 'ready' && state.error ? labels.errors[state.error] : null;
  return (
    <div className="space-y-4">
      {state.step !== 'missing' && !refused && (
        <button
          type="button"
          disabled={!token || state.step === 'opening'}
          aria-busy={state.step === 'opening'}
          onClick={() => token && void open(token)}
          className="min-h-11 rounded-lg bg-ocean-700 px-5 text-lg font-semibold text-white hover:bg-ocean-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ocean-900 disabled:opacity-60"
        >
          {state.step === 'opening' ? labels.opening : labels.open}
        </button>
      )}
      <div role="alert" className="space-y-2">
        {problem && <p className="font-medium text-red-800">{problem}</p>}
        {(state.step === 'missing' || refused) && (
          <p>
            <a ref={ask} href={askHref} className="font-semibold text-ocean-800 underline">
              {labels.ask}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
