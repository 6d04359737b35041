'use client';

import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const EVENT = 'app:toast';
const CLEAR_EVENT = 'app:toast-clear';
const DURATION_MS = 6000;

/** Shows a toast from anywhere in the client; a <Toaster /> on the page renders it. */
export function toast(message: ToastMessage) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(EVENT, { detail: message }));
}

/** Removes every toast, e.g. once a valid result replaces the error that was shown. */
export function dismissToasts() {
  window.dispatchEvent(new Event(CLEAR_EVENT));
}

/** True when the two boxes share any area. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

interface ShownToast extends ToastMessage {
  id: number;
}

export function Toaster({ closeLabel }: { closeLabel: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  // Bottom by default; the top when the bottom would hide the field that has the focus.
  const [edge, setEdge] = useState<'bottom' | 'top'>('bottom');
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let next = 0;
    const onToast = (event: Event) => {
      const id = (next += 1);
      // One toast at a time: a new outcome replaces the previous one (never "error" and "success" together).
      setToasts([{ ...(event as CustomEvent<ToastMessage>).detail, id }]);
      window.setTimeout(() => setToasts((shown) => shown.filter((item) => item.id !== id)), DURATION_MS);
    };
    const onClear = () => setToasts([]);
    window.addEventListener(EVENT, onToast);
    window.addEventListener(CLEAR_EVENT, onClear);
    return () => {
      window.removeEventListener(EVENT, onToast);
      window.removeEventListener(CLEAR_EVENT, onClear);
    };
  }, []);

  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    const place = () => {
      const list = listRef.current;
      const focused = document.activeElement;
      if (!list) return;
      const field = focused && focused !== document.body ? focused.getBoundingClientRect() : null;
      const box = list.getBoundingClientRect();
      // The two places the list can take (bottom-24 = 96 px, top-20 = 80 px), same width.
      const at = (top: number) => new DOMRect(box.left, top, box.width, box.height);
      const bottom = at(window.innerHeight - 96 - box.height);
      const wanted = field && overlaps(bottom, field) && !overlaps(at(80), field) ? 'top' : 'bottom';
      setEdge(wanted);
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [toasts]);

  return (
    <ol
      ref={listRef}
      aria-live="polite"
      data-edge={edge}
      className={`pointer-events-none fixed inset-x-4 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96 ${edge === 'bottom' ? 'bottom-24' : 'top-20'}`}
    >
      {toasts.map((item) => (
        <li key={item.id} className="pointer-events-auto w-full">
          <div
            role={item.variant === 'destructive' ? 'alert' : 'status'}
            className={`flex items-start justify-between gap-3 rounded-lg p-4 shadow-lg ${
              item.variant === 'destructive' ? 'bg-red-700 text-white' : 'border border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div>
              <p className="font-semibold">{item.title}</p>
              {item.description && <p className="mt-1 text-sm">{item.description}</p>}
            </div>
            <button
              type="button"
              onClick={() => setToasts((shown) => shown.filter((other) => other.id !== item.id))}
              className="-m-1 rounded p-1 text-lg leading-none"
              aria-label={closeLabel}
            >
              ×
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
