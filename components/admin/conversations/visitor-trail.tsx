'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { formatFullDate, formatMessageTime, formatRelativeTime } from '@/components/admin/shell/format';
import type { TrailPageDto, TrailState } from '@/components/admin/conversations/use-visitor-trail';

const BOX = 'flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white';
/** Relative times ("il y a 2 minutes") follow the clock. */
const TICK_MS = 15_000;

function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function TrailPage({ page }: { page: TrailPageDto }) {
  const t = useTranslations('AdminConsole.trail');
  const kind = page.kind === 'page' ? null : t(page.kind);
  return (
    <div className="min-w-0">
      <p className="text-slate-900">
        {kind && (
          <span className="font-semibold text-ocean-900">
            {kind}
            {page.kind === 'article' ? ' : ' : ''}
          </span>
        )}
        {page.kind !== 'visaResult' && page.kind !== 'visaFinder' && page.kind !== 'visaPlan' && <span className="font-medium">{page.label}</span>}
      </p>
      {page.visa && (
        <dl className="mt-1 space-y-0.5 text-sm">
          {page.visa.answers.map((answer) => (
            <div key={answer.label} className="flex flex-wrap gap-x-1">
              <dt className="text-slate-700">{answer.label} :</dt>
              <dd className="font-medium text-slate-900">{answer.value}</dd>
            </div>
          ))}
          {page.visa.recommended && (
            <div className="flex flex-wrap gap-x-1">
              <dt className="text-slate-700">{t('recommended')} :</dt>
              <dd className="font-semibold text-ocean-900">{page.visa.recommended}</dd>
            </div>
          )}
        </dl>
      )}
      {page.label !== page.path && (
        <p className="truncate font-mono text-xs text-slate-700" title={page.path}>
          {page.path}
        </p>
      )}
    </div>
  );
}

/** "Parcours du visiteur": where the chat was opened and the pages opened since, beside the conversation. */
export function VisitorTrail({ state }: { state: TrailState }) {
  const t = useTranslations('AdminConsole.trail');
  const now = useNow();
  const { trail } = state;
  const scroller = useRef<HTMLDivElement>(null);
  const count = trail?.entries.length ?? 0;
  // The newest page is at the end: keep it in view as pages arrive.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  return (
    <section aria-labelledby="trail-title" data-visitor-trail className={BOX}>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="trail-title" className="text-lg font-semibold text-ocean-900">
          {t('title')}
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {trail ? t('count', { count: trail.entries.length }) : state.status === 'failed' ? t('failed') : t('loading')}
        </p>
      </div>
      {trail && (
        // Focusable, so that a keyboard scrolls a long trail (it holds no link or button).
        <div
          ref={scroller}
          tabIndex={0}
          role="group"
          aria-labelledby="trail-title"
          className="max-h-[70vh] space-y-3 overflow-y-auto px-4 py-3 text-sm max-xs:max-h-none"
        >
          <div data-trail-start>
            <h3 className="text-sm font-semibold text-slate-700">{t('startPage')}</h3>
            <TrailPage page={trail.startPage} />
          </div>
          {trail.entries.length > 0 && (
            <ol aria-label={t('pagesLabel')} className="space-y-3">
              {trail.entries.map((entry) => (
                <li key={entry.id} data-trail-entry={entry.kind} className="flex gap-3 border-t border-slate-200 pt-3">
                  <p className="w-24 shrink-0 text-xs text-slate-700">
                    <time dateTime={entry.createdAt} title={formatFullDate(entry.createdAt)} className="block font-medium text-slate-900">
                      {formatMessageTime(entry.createdAt, now)}
                    </time>
                    {formatRelativeTime(entry.createdAt, now)}
                  </p>
                  <TrailPage page={entry} />
                </li>
              ))}
            </ol>
          )}
          {state.status === 'failed' && <p className="text-amber-800">{t('failed')}</p>}
        </div>
      )}
    </section>
  );
}
