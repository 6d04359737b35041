import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="mx-auto max-w-6xl px-4 pt-8 pb-10">
      <h1 className="text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{title}</h1>
      {subtitle && <p className="mt-3 max-w-3xl text-lg text-slate-700">{subtitle}</p>}
      {children}
    </header>
  );
}
