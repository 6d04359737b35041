'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/api-error';
import { ADMIN_ONLY } from '@/lib/auth/roles';
import type { SessionDetailDto, SessionSummaryDto } from '@/lib/chat/admin-queries';
import type { ChatMessageDto } from '@/lib/chat/message';
import type { ChatSignal } from '@/lib/chat/signal';
import { markRead, sendBooking as postBooking, sendReply as postReply, sendTyping as postTyping } from '@/components/admin/conversations/actions';
import { unwrap } from '@/components/admin/shell/action-result';
import { adminApi, isUnauthorized } from '@/components/admin/shell/admin-api';
import { consoleReducer, initialConsoleState } from '@/components/admin/shell/console-state';
import { useAdminEvents } from '@/components/admin/shell/use-admin-events';
import { useVisitorTrail } from '@/components/admin/conversations/use-visitor-trail';
import { useVisitorTyping } from '@/components/admin/conversations/use-visitor-typing';

/** The spec's 30 s poll of the list, kept only for while the live stream is down. */
export const FALLBACK_POLL_MS = 30_000;

/** The latest page shown is read: marked with a POST (reading a conversation changes nothing on the server). */
function markShownRead(detail: SessionDetailDto) {
  const lastId = detail.messages.at(-1)?.id;
  if (lastId !== undefined) unwrap(markRead(detail.session.id, lastId)).catch(() => undefined);
}

interface Options {
  /** The list as the server rendered it: the stream resumes after its newest message. */
  initialSessions: SessionSummaryDto[];
  onSignedOut: () => void;
  onVisitorMessage?: (message: ChatMessageDto) => void;
  /** A request or a person changed (`topic`), or the stream came back after a gap (no topic: anything may have). */
  onChanged?: (topic?: string) => void;
}

export function useOperatorConsole({ initialSessions, onSignedOut, onVisitorMessage, onChanged }: Options) {
  const onVisitorMessageRef = useRef(onVisitorMessage);
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onVisitorMessageRef.current = onVisitorMessage;
    onChangedRef.current = onChanged;
  });
  const t = useTranslations('AdminConsole.chat');
  const [state, dispatch] = useReducer(consoleReducer, initialSessions, (sessions) =>
    consoleReducer(initialConsoleState, { type: 'sessionsLoaded', sessions }),
  );
  const stateRef = useRef(state);
  const [newMessageNotice, setNewMessageNotice] = useState<ChatMessageDto | null>(null);
  const visitorTyping = useVisitorTyping();
  const typingMessage = visitorTyping.onMessage;
  useEffect(() => {
    stateRef.current = state;
  });
  // The server rendered the list again (a change, an erasure): conversations gone leave it too.
  const rendered = useRef(initialSessions);
  useEffect(() => {
    if (rendered.current === initialSessions) return;
    rendered.current = initialSessions;
    dispatch({ type: 'sessionsLoaded', sessions: initialSessions });
  }, [initialSessions]);

  const handleFailure = useCallback(
    (error: unknown, text: string) => {
      const expired = isUnauthorized(error);
      const adminOnly = error instanceof ApiError && error.code === ADMIN_ONLY;
      toast({ title: t('error'), description: expired ? t('expired') : adminOnly ? t('adminOnly') : text, variant: 'destructive' });
      if (expired) onSignedOut();
    },
    [onSignedOut, t],
  );

  const openSession = useCallback(
    async (sessionId: string, { quiet = false } = {}) => {
      if (!quiet) dispatch({ type: 'selected', sessionId });
      try {
        const detail = await adminApi.openSession(sessionId);
        dispatch({ type: 'detailLoaded', detail });
        markShownRead(detail);
      } catch (error) {
        dispatch({ type: 'detailFailed', sessionId });
        handleFailure(error, t('messagesFailed'));
      }
    },
    [handleFailure, t],
  );

  const listFailed = useRef(false);
  const loadSessions = useCallback(async () => {
    try {
      const sessions = await adminApi.listSessions();
      listFailed.current = false;
      dispatch({ type: 'sessionsLoaded', sessions });
      // Without the stream, the open conversation catches up with the list.
      const pane = stateRef.current.pane;
      const summary = sessions.find((session) => session.sessionId === pane?.sessionId);
      if (pane && summary && summary.lastMessageId > (pane.messages.at(-1)?.id ?? 0)) void openSession(pane.sessionId, { quiet: true });
    } catch (error) {
      // One toast per outage, not one per retry; none without a network, which the status line says.
      if ((!listFailed.current && navigator.onLine) || isUnauthorized(error)) handleFailure(error, t('sessionsFailed'));
      listFailed.current = true;
    }
  }, [handleFailure, openSession, t]);

  const onMessage = useCallback(
    (message: ChatMessageDto) => {
      const { sessions, pane } = stateRef.current;
      dispatch({ type: 'messageReceived', message });
      typingMessage(message);
      if (!sessions?.some((summary) => summary.sessionId === message.sessionId)) void loadSessions();
      if (message.sender !== 'visitor') return;
      onVisitorMessageRef.current?.(message);
      if (pane?.sessionId === message.sessionId) unwrap(markRead(message.sessionId, message.id)).catch(() => undefined);
      else setNewMessageNotice(message);
    },
    [loadSessions, typingMessage],
  );

  const trailSignal = useRef<(signal: ChatSignal) => void>(() => undefined);
  const typingSignal = visitorTyping.onSignal;
  const onSignal = useCallback(
    (signal: ChatSignal) => {
      typingSignal(signal);
      trailSignal.current(signal);
    },
    [typingSignal],
  );

  // Set while this console logs out: the server then ends its stream at once, which is no expiry to report.
  const signingOut = useRef(false);
  const connected = useAdminEvents({
    enabled: state.sessions !== null,
    getLastEventId: () => stateRef.current.lastEventId,
    onMessage,
    onSignal,
    onChanged: (topic) => onChangedRef.current?.(topic),
    onRefused: () => (signingOut.current ? undefined : loadSessions()),
  });
  // Back after a gap: what changed meanwhile was not streamed, the view is read again.
  const wasConnected = useRef<boolean | null>(null);
  useEffect(() => {
    if (connected && wasConnected.current === false) onChangedRef.current?.();
    if (connected || wasConnected.current !== null) wasConnected.current = connected;
  }, [connected]);
  const markSigningOut = useCallback((value: boolean) => {
    signingOut.current = value;
  }, []);
  const visitorTrail = useVisitorTrail({ sessionId: state.pane?.sessionId ?? null, connected });
  useEffect(() => {
    trailSignal.current = visitorTrail.onSignal;
  });

  useEffect(() => {
    if (connected) return;
    const timer = window.setInterval(() => void loadSessions(), FALLBACK_POLL_MS);
    // The network is back: the list is read at once (the stream reconnects by itself).
    const reconnected = () => void loadSessions();
    window.addEventListener('online', reconnected);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', reconnected);
    };
  }, [connected, loadSessions]);

  const sendReply = useCallback(
    async (content: string): Promise<boolean> => {
      const sessionId = stateRef.current.pane?.sessionId;
      if (!sessionId) return false;
      try {
        dispatch({ type: 'messageReceived', message: await unwrap(postReply(sessionId, content)) });
        return true;
      } catch (error) {
        handleFailure(error, t('sendFailed'));
        return false;
      }
    },
    [handleFailure, t],
  );

  const loadOlder = useCallback(async () => {
    const pane = stateRef.current.pane;
    if (!pane || pane.before === null) return;
    try {
      dispatch({ type: 'olderLoaded', detail: await adminApi.openSession(pane.sessionId, pane.before) });
    } catch (error) {
      handleFailure(error, t('messagesFailed'));
    }
  }, [handleFailure, t]);

  const sendBooking = useCallback(async () => {
    const sessionId = stateRef.current.pane?.sessionId;
    if (!sessionId) return;
    try {
      dispatch({ type: 'messageReceived', message: await unwrap(postBooking(sessionId)) });
    } catch (error) {
      handleFailure(error, t('sendFailed'));
    }
  }, [handleFailure, t]);

  /** "The operator is typing", sent to the open conversation's visitor (throttled by the form). */
  const sendTyping = useCallback(() => {
    const sessionId = stateRef.current.pane?.sessionId;
    if (sessionId) unwrap(postTyping(sessionId)).catch(() => undefined);
  }, []);

  /** The conversation the server rendered for the address: shown, its messages merged with what arrived live. */
  const showSession = useCallback((detail: SessionDetailDto) => {
    dispatch({ type: 'selected', sessionId: detail.session.id });
    dispatch({ type: 'detailLoaded', detail });
    markShownRead(detail);
  }, []);
  const closeSession = useCallback(() => dispatch({ type: 'closed' }), []);

  return {
    showSession,
    closeSession,
    loadOlder,
    sendBooking,
    sendTyping,
    visitorTyping: visitorTyping.typing,
    visitorTrail: visitorTrail.trail,
    state,
    connected,
    newMessageNotice,
    reloadSession: openSession,
    sendReply,
    handleFailure,
    refreshSessions: loadSessions,
    markSigningOut,
  };
}
