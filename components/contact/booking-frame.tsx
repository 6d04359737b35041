'use client';

import { useEffect, useState } from 'react';

interface BookingFrameProps {
  url: string;
  title: string;
  /** Said in place of the frame when the booking service does not answer. */
  unavailable: string;
}

/** How long the booking service has to answer before the fallback replaces its frame. */
export const BOOKING_TIMEOUT_MS = 10_000;

/**
 * The booking calendar of the configured service, with a fallback: a cross-origin frame cannot be
 * read, and Chromium fires `load` on its own error page too, so a no-cors request to the same
 * address (allowed by the CSP's connect-src) tells whether the service answers at all; on a
 * network error or no answer in time, a note replaces the frame. The link that opens the
 * calendar in a new tab stays below in every state.
 */
export function BookingFrame({ url, title, unavailable }: BookingFrameProps) {
  const [state, setState] = useState<'checking' | 'answered' | 'failed'>('checking');

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), BOOKING_TIMEOUT_MS);
    fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal })
      .then(() => setState('answered'))
      .catch(() => setState('failed'))
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);

  if (state === 'failed') {
    return (
      <p role="status" data-booking-unavailable className="mt-4 rounded-lg border-2 border-dashed border-slate-300 bg-sand-50 p-4 text-sm text-slate-800">
        {unavailable}
      </p>
    );
  }
  return (
    <iframe
      src={url}
      title={title}
      loading="lazy"
      aria-busy={state === 'checking'}
      className="mt-4 h-96 w-full rounded-lg border border-slate-200 bg-sand-50"
    />
  );
}
