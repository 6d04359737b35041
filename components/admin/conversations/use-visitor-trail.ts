'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { TrailPageDto, VisitorTrailDto } from '@/lib/chat/trail-admin';
import type { ChatSignal } from '@/lib/chat/signal';
import { adminApi } from '@/components/admin/shell/admin-api';

export type { TrailPageDto, VisitorTrailDto };

export type TrailState = { status: 'loading' | 'failed'; trail: VisitorTrailDto | null } | { status: 'ready'; trail: VisitorTrailDto };

type Held = { sessionId: string; value: TrailState } | null;
type Read = { sessionId: string; trail: VisitorTrailDto } | { sessionId: string; failed: true };

/** A failed reread keeps the trail already shown for that conversation. */
function trailReducer(held: Held, read: Read): Held {
  if (!('failed' in read)) return { sessionId: read.sessionId, value: { status: 'ready', trail: read.trail } };
  return { sessionId: read.sessionId, value: { status: 'failed', trail: held?.sessionId === read.sessionId ? held.value.trail : null } };
}

/**
 * The open conversation's trail: read when it is selected, again on each "trail" signal for it
 * (the visitor opened a page) and when the live stream reconnects (signals are not replayed).
 */
export function useVisitorTrail({ sessionId, connected }: { sessionId: string | null; connected: boolean }) {
  const [state, dispatch] = useReducer(trailReducer, null);
  const current = useRef(sessionId);
  const latestRead = useRef(0);

  const load = useCallback(async (id: string) => {
    // Reads can overlap (several pages in a row): only the latest one started is kept.
    const read = ++latestRead.current;
    try {
      const trail = await adminApi.visitorTrail(id);
      if (read === latestRead.current && current.current === id) dispatch({ sessionId: id, trail });
    } catch {
      if (read === latestRead.current && current.current === id) dispatch({ sessionId: id, failed: true });
    }
  }, []);

  useEffect(() => {
    current.current = sessionId;
    if (sessionId) void load(sessionId);
  }, [sessionId, connected, load]);

  const onSignal = useCallback(
    (signal: ChatSignal) => {
      if (signal.type === 'trail' && signal.sessionId === current.current) void load(signal.sessionId);
    },
    [load],
  );

  const value: TrailState = state && state.sessionId === sessionId ? state.value : { status: 'loading', trail: null };
  return { trail: value, onSignal };
}
