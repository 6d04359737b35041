'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageDto } from '@/lib/chat/message';
import { TYPING_SHOWN_MS, type ChatSignal } from '@/lib/chat/signal';

/** The sessions whose visitor typed within the last few seconds (until their message arrives). */
export function useVisitorTyping() {
  const [typing, setTyping] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const stop = useCallback((sessionId: string) => {
    clearTimeout(timers.current.get(sessionId));
    timers.current.delete(sessionId);
    setTyping((current) => {
      if (!current.has(sessionId)) return current;
      const next = new Set(current);
      next.delete(sessionId);
      return next;
    });
  }, []);

  const onSignal = useCallback(
    (signal: ChatSignal) => {
      if (signal.type !== 'typing' || signal.sender !== 'visitor') return;
      const { sessionId } = signal;
      clearTimeout(timers.current.get(sessionId));
      timers.current.set(
        sessionId,
        setTimeout(() => stop(sessionId), TYPING_SHOWN_MS),
      );
      setTyping((current) => (current.has(sessionId) ? current : new Set(current).add(sessionId)));
    },
    [stop],
  );

  const onMessage = useCallback((message: ChatMessageDto) => message.sender === 'visitor' && stop(message.sessionId), [stop]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { typing, onSignal, onMessage };
}
