'use client';

import { useEffect, useRef, useState } from 'react';
import { runEventStream } from '@/lib/chat/event-stream';
import type { ChatMessageDto } from '@/lib/chat/message';
import type { ChatSignal } from '@/lib/chat/signal';

interface Options {
  /** Starts once the first list is in: the stream replays from its newest message. */
  enabled: boolean;
  getLastEventId: () => number;
  onMessage: (message: ChatMessageDto) => void;
  /** A visitor is typing. */
  onSignal?: (signal: ChatSignal) => void;
  /** The server refused the operator's cookie: the list read tells the console to log in again. */
  onRefused: () => void;
}

/** The console's live feed: the widget's reader, with the operator's HttpOnly cookie. */
export function useAdminEvents({ enabled, getLastEventId, onMessage, onSignal, onRefused }: Options): boolean {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ getLastEventId, onMessage, onSignal, onRefused });
  useEffect(() => {
    handlers.current = { getLastEventId, onMessage, onSignal, onRefused };
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void runEventStream({
      url: '/api/admin/events',
      signal: controller.signal,
      lastId: () => handlers.current.getLastEventId(),
      onMessage: (message) => handlers.current.onMessage(message),
      onSignal: (signal) => handlers.current.onSignal?.(signal),
      onStatus: (status) => setConnected(status === 'open'),
      onRejected: () => handlers.current.onRefused(),
    });
    return () => {
      controller.abort();
      setConnected(false);
    };
  }, [enabled]);

  return connected;
}
