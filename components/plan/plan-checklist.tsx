'use client';

import { useEffect, useState } from 'react';

export interface PlanChecklistTexts {
  title: string;
  note: string;
  reset: string;
  /** "{done} documents prêts sur {total}", filled here. */
  progressLabel: string;
}

interface PlanChecklistProps {
  /** Same permit, same list: the ticks follow the visitor from one arrival date to another. */
  storageKey: string;
  items: { id: string; text: string }[];
  texts: PlanChecklistTexts;
}

function readTicks(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeTicks(key: string, ticks: string[]) {
  try {
    if (ticks.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(ticks));
  } catch {
    // Private mode or a full storage: the boxes still work for this visit.
  }
}

/** The plan's documents with a box each; ticks stay in this browser only. */
export function PlanChecklist({ storageKey, items, texts }: PlanChecklistProps) {
  const [ticked, setTicked] = useState<string[]>([]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser, after hydration
    setTicked(readTicks(storageKey));
  }, [storageKey]);

  function update(next: string[]) {
    setTicked(next);
    writeTicks(storageKey, next);
  }

  const done = items.filter((item) => ticked.includes(item.id)).length;
  const label = texts.progressLabel.replace('{done}', String(done)).replace('{total}', String(items.length));
  return (
    <div>
      <p className="font-semibold text-ocean-900">
        <span aria-hidden="true" data-testid="plan-progress">
          {done} / {items.length}
        </span>
        <span className="sr-only" role="status">
          {label}
        </span>
      </p>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3">
            <input
              id={`plan-doc-${item.id}`}
              type="checkbox"
              checked={ticked.includes(item.id)}
              onChange={(event) => update(event.target.checked ? [...ticked, item.id] : ticked.filter((id) => id !== item.id))}
              className="mt-1 size-5 shrink-0 accent-ocean-700"
            />
            <label htmlFor={`plan-doc-${item.id}`} className="text-slate-800">
              {item.text}
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{texts.note}</p>
      <button
        type="button"
        onClick={() => update([])}
        className="mt-3 inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50 print:hidden"
      >
        {texts.reset}
      </button>
    </div>
  );
}
