'use client';

import { useCallback, useEffect, useState } from 'react';

/** Below this width the console shows one column: a list, or what was opened from it (app/globals.css `xs`). */
export const PHONE_QUERY = '(width < 30rem)';

type DetailState = { detail?: string } | null;

/**
 * A list's "opened" step on a phone, where the opened item covers the list: opening it adds a
 * history entry (the phone's back gesture returns to the list), the back button goes back through
 * it. On a wider screen the list stays beside the item and the address is only kept up to date.
 */
export function usePhoneDetail(name: string) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onPopState = () => {
      if ((history.state as DetailState)?.detail !== name) setOpen(false);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [name]);

  const show = useCallback(
    (search: string, { fromAddress = false } = {}) => {
      setOpen(true);
      if (fromAddress) return;
      const url = `${location.pathname}?${search}`;
      const ours = (history.state as DetailState)?.detail === name;
      if (window.matchMedia(PHONE_QUERY).matches && !ours) history.pushState({ detail: name }, '', url);
      else history.replaceState(history.state, '', url);
    },
    [name],
  );

  const back = useCallback(() => {
    if ((history.state as DetailState)?.detail === name) return history.back();
    setOpen(false);
    history.replaceState(null, '', location.pathname);
  }, [name]);

  return { open, show, back };
}

/** The conversation or person a link names (`?conversation=<id>`, `?person=<key>`), read once when the console opens. */
export function linkedTarget(): { conversation: string | null; person: string | null } {
  const params = new URLSearchParams(window.location.search);
  return { conversation: params.get('conversation'), person: params.get('person') };
}
