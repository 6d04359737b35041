'use client';

import { ArrowLeft } from 'lucide-react';
import { useBackToList } from './phone';

/** On a phone, where the item opened covers its list: the button back to it (hidden on wider screens). */
export function BackToList({ id, list, item, label }: { id: string; list: string; item: string; label: string }) {
  const back = useBackToList(list, item);
  return (
    <button
      id={id}
      type="button"
      onClick={back}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 xs:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}
