'use client';

import { useEffect, useState } from 'react';
import type { ChatStatusDto } from '@/lib/chat/status';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { backAt } from '@/lib/office-hours/back-at';
import { fetchChatStatus } from './api-client';
import { formatTemplate } from './format';
import type { ChatLabels } from './types';

const REFRESH_MS = 30_000;

/** GET /api/chat/status, refreshed every 30 s while the panel is open. */
export function useChatStatus(): ChatStatusDto | null {
  const [status, setStatus] = useState<ChatStatusDto | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      fetchChatStatus().then(
        (next) => live && setStatus(next),
        () => undefined,
      );
    void refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return status;
}

/** "Un conseiller est en ligne", or "De retour mardi à 09:00 (votre heure)" in the visitor's time zone. */
export function statusText(status: ChatStatusDto, labels: ChatLabels, locale: Locale, now = new Date()): string {
  if (status.online) return labels.onlineNow;
  if (!status.nextOpen) return labels.away;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const back = backAt({ nextOpen: new Date(status.nextOpen), now, timeZone, localeTag: LOCALE_TAGS[locale] });
  const template = back.when === 'today' ? labels.backToday : back.when === 'tomorrow' ? labels.backTomorrow : labels.backOn;
  const line = formatTemplate(template, locale, { day: back.day, time: back.time });
  return status.mayBeHoliday ? `${line}, ${labels.holidayCaveat}` : line;
}

export function ChatStatusLine({ status, labels, locale }: { status: ChatStatusDto | null; labels: ChatLabels; locale: Locale }) {
  return (
    <p data-testid="chat-status" data-online={status?.online ?? undefined} className="text-xs text-ocean-50">
      {status && (
        <>
          {status.online && <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-emerald-300" />}
          {statusText(status, labels, locale)}
        </>
      )}
    </p>
  );
}
