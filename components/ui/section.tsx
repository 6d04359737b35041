import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  title: string;
  subtitle?: string;
  tone?: 'white' | 'sand';
  children: ReactNode;
}

export function Section({ id, title, subtitle, tone = 'white', children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === 'sand' ? 'bg-sand-50' : 'bg-white'}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ocean-900">
          {title}
        </h2>
        {subtitle && <p className="mt-3 max-w-3xl text-lg text-slate-700">{subtitle}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
