'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { hasStoredSession } from './constants';

// Loaded only in a browser that holds a conversation: every other visitor gets this check alone.
const loadSender = () => import('./trail-send');
/** A client-side navigation sets the new title with its page: read it a moment later. */
const TITLE_DELAY_MS = 300;

/**
 * The visitor's trail: once a conversation exists in this browser, each page opened (full load,
 * client-side navigation, a visa finder result written into the address) is sent to it. Before
 * that, nothing is sent.
 */
export function TrailRecorder() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  useEffect(() => {
    if (!hasStoredSession()) return;
    const timer = window.setTimeout(() => {
      loadSender()
        .then(({ recordPage }) => recordPage())
        .catch(() => undefined);
    }, TITLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, query]);
  return null;
}
