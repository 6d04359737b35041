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
  /** A request, a person or a stage changed (on any instance): the view is rendered again. */
  onChanged?: (topic: string) => void;
  /** The server refused the operator's cookie: the list read tells the console to log in again. */
  onRefused: () => void;
}

/** The console's live feed: the widget's reader, with the operator's HttpOnly cookie. */
export function useAdminEvents({ enabled, getLastEventId, onMessage, onSignal, onChanged, onRefused }: Options): boolean {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ getLastEventId, onMessage, onSignal, onChanged, onRefused });
  useEffect(() => {
    handlers.current = { getLastEventId, onMessage, onSignal, onChanged, onRefused };
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
      onChanged: (topic) => handlers.current.onChanged?.(topic),
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
