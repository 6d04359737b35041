'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChatMessageDto } from '@/lib/chat/message';

// The operator doesn't miss a visitor: with the console in a background tab, a visitor's message
// raises a browser notification (once allowed) and a short sound, and the tab title counts the
// conversations with unread messages.

type Permission = NotificationPermission | 'unsupported';
const permissionListeners = new Set<() => void>();
const subscribePermission = (onChange: () => void) => {
  permissionListeners.add(onChange);
  return () => permissionListeners.delete(onChange);
};
const readPermission = (): Permission => ('Notification' in window ? Notification.permission : 'unsupported');

/** A 0.2 s two-tone chime, drawn by WebAudio: no sound file to load. */
function chime() {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    gain.connect(audio.destination);
    [880, 1320].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + index * 0.1);
      tone.stop(audio.currentTime + 0.1 + index * 0.1);
    });
    window.setTimeout(() => void audio.close(), 500);
  } catch {
    // No audio output (or blocked before any click): the notification and the title remain.
  }
}

export function unreadTitle(base: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** Alerts for visitor messages that arrive while the tab is hidden; `missed` lists their conversations. */
export function useAttention(texts: { title: string; body: (message: ChatMessageDto) => string }) {
  const [missed, setMissed] = useState<ReadonlySet<string>>(() => new Set());
  const permission = useSyncExternalStore(subscribePermission, readPermission, () => 'unsupported' as Permission);
  const textsRef = useRef(texts);
  useEffect(() => {
    textsRef.current = texts;
  });

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setMissed(new Set());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const notify = useCallback((message: ChatMessageDto) => {
    if (message.sender !== 'visitor' || document.visibilityState !== 'hidden') return;
    setMissed((current) => new Set(current).add(message.sessionId));
    chime();
    try {
      if (readPermission() === 'granted') new Notification(textsRef.current.title, { body: textsRef.current.body(message), tag: message.sessionId });
    } catch {
      // Some browsers only notify through a service worker: the sound and the title remain.
    }
  }, []);

  const askPermission = useCallback(async () => {
    if (!('Notification' in window)) return;
    await Notification.requestPermission();
    for (const listener of permissionListeners) listener();
  }, []);

  return { missed, permission, notify, askPermission };
}

const COUNTED = /^\(\d+\) /;

/**
 * "(2) Conversations · Console Maurice Expat" while two conversations wait. Each view has its own
 * title, which the framework writes again on navigation and on each new render from the server:
 * the count is put back in front of whatever title is there.
 */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const next = unreadTitle(document.title.replace(COUNTED, ''), unread);
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [unread]);
}
