'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ConsoleNav } from './console-nav';
import { useOnline } from './use-console-app';

const CHECK_MS = 3_000;

/** The kept shell, shown at whatever console address was asked for offline; the network back, that address loads. */
export function OfflineShell({ title }: { title: string }) {
  const t = useTranslations('AdminConsole.chat');
  const online = useOnline();
  // Back online (the network answers, not just the flag): the address asked for loads itself.
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const answer = await fetch('/api/health', { cache: 'no-store' }).catch(() => null);
      if (!stopped && answer?.ok) window.location.reload();
    };
    const timer = window.setInterval(() => void check(), CHECK_MS);
    const online = () => void check();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <h1 className="text-xl font-bold text-ocean-900">{title}</h1>
          <ConsoleNav unhandled={0} admin={false} />
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${online ? 'bg-amber-500' : 'bg-slate-500'}`} />
            {online ? t('offline') : t('noConnection')}
          </p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 p-4">
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-800">{t('offlineShell')}</p>
      </main>
    </div>
  );
}
