'use client';

import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent } from 'react';

export type ConsoleView = 'conversations' | 'people' | 'board' | 'dashboard' | 'leads' | 'canned' | 'push';

const VIEWS: ConsoleView[] = ['conversations', 'leads', 'people', 'board', 'dashboard', 'push', 'canned'];

export const tabId = (view: ConsoleView) => `console-tab-${view}`;
export const panelId = (view: ConsoleView) => `console-panel-${view}`;

interface Props {
  view: ConsoleView;
  unhandled: number | null;
  onChange: (view: ConsoleView) => void;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between views and show them. */
export function ConsoleTabs({ view, unhandled, onChange }: Props) {
  const t = useTranslations('AdminConsole.leads');
  const tc = useTranslations('AdminConsole.canned');
  const tp = useTranslations('AdminConsole.people');
  const tn = useTranslations('AdminConsole.push');
  const labels: Record<ConsoleView, string> = {
    conversations: t('conversationsTab'),
    people: tp('tab'),
    board: tp('boardTab'),
    dashboard: tp('dashboardTab'),
    leads: t('leadsTab'),
    canned: tc('tab'),
    push: tn('tab'),
  };
  const buttons = useRef(new Map<ConsoleView, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = VIEWS.indexOf(view);
    const target = {
      ArrowRight: VIEWS[(index + 1) % VIEWS.length],
      ArrowLeft: VIEWS[(index - 1 + VIEWS.length) % VIEWS.length],
      Home: VIEWS[0],
      End: VIEWS.at(-1),
    }[event.key];
    if (!target) return;
    event.preventDefault();
    onChange(target);
    buttons.current.get(target)?.focus();
  }

  return (
    // On a phone the views make one row that scrolls sideways under the thumb.
    <div role="tablist" aria-label={t('tabsLabel')} className="flex flex-wrap gap-1 max-xs:w-full max-xs:flex-nowrap max-xs:overflow-x-auto max-xs:pb-1">
      {VIEWS.map((item) => {
        const selected = item === view;
        return (
          <button
            key={item}
            ref={(element) => {
              if (element) buttons.current.set(item, element);
              else buttons.current.delete(item);
            }}
            type="button"
            role="tab"
            id={tabId(item)}
            aria-selected={selected}
            aria-controls={panelId(item)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item)}
            onKeyDown={onKeyDown}
            className={`inline-flex min-h-10 shrink-0 items-center gap-2 rounded-lg px-4 font-semibold whitespace-nowrap max-xs:px-3 ${
              selected ? 'bg-ocean-700 text-white' : 'text-slate-800 hover:bg-slate-100'
            }`}
          >
            {labels[item]}
            {item === 'leads' && unhandled !== null && unhandled > 0 && (
              <span data-testid="unhandled-badge" className="rounded-full bg-coral-700 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                {t('toHandle', { count: unhandled })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
