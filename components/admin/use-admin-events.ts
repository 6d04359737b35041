'use client';

import { useEffect, useRef, useState } from 'react';
import type { ChatMessageDto } from '@/lib/chat/dto';

const MAX_BACKOFF_MS = 30_000;

interface Options {
  /** Starts once the first list is in: the stream replays from its newest message. */
  enabled: boolean;
  getLastEventId: () => number;
  onMessage: (message: ChatMessageDto) => void;
  /** The server refused the stream (expired session, database down): check why before retrying. */
  onRefused: () => void;
}

/**
 * The console's live feed. EventSource sends the HttpOnly cookie by itself and, after a dropped
 * connection, reconnects with Last-Event-ID; when the server refuses the stream (non-200) the
 * browser gives up, so a new EventSource resumes from `?lastEventId=` after a growing delay.
 */
export function useAdminEvents({ enabled, getLastEventId, onMessage, onRefused }: Options): boolean {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ getLastEventId, onMessage, onRefused });
  useEffect(() => {
    handlers.current = { getLastEventId, onMessage, onRefused };
  });

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let failures = 0;

    const open = () => {
      source = new EventSource(`/api/admin/events?lastEventId=${handlers.current.getLastEventId()}`);
      source.onopen = () => {
        failures = 0;
        setConnected(true);
      };
      source.addEventListener('message', (event) => {
        try {
          handlers.current.onMessage(JSON.parse(event.data) as ChatMessageDto);
        } catch {
          // a malformed event is dropped; the next list refresh repairs the view
        }
      });
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        handlers.current.onRefused();
        failures += 1;
        retry = window.setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures));
      };
    };

    open();
    return () => {
      window.clearTimeout(retry);
      source?.close();
      setConnected(false);
    };
  }, [enabled]);

  return connected;
}
