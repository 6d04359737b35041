'use client';

import { useEffect, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const EVENT = 'app:toast';
const DURATION_MS = 6000;

/** Shows a toast from anywhere in the client; a <Toaster /> on the page renders it. */
export function toast(message: ToastMessage) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(EVENT, { detail: message }));
}

interface ShownToast extends ToastMessage {
  id: number;
}

export function Toaster({ closeLabel }: { closeLabel: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);

  useEffect(() => {
    let next = 0;
    const onToast = (event: Event) => {
      const id = (next += 1);
      setToasts((shown) => [...shown.slice(-2), { ...(event as CustomEvent<ToastMessage>).detail, id }]);
      window.setTimeout(() => setToasts((shown) => shown.filter((item) => item.id !== id)), DURATION_MS);
    };
    window.addEventListener(EVENT, onToast);
    return () => window.removeEventListener(EVENT, onToast);
  }, []);

  return (
    <ol aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-24 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
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
