'use client';

import { useEffect, useState, type MouseEvent } from 'react';
import { TOC_INDENT_PX, TOC_OBSERVER_OPTIONS, TOC_START_DELAY_MS } from '@/lib/blog/constants';
import type { Heading } from '@/lib/blog/headings';

interface TableOfContentsProps {
  headings: Heading[];
  title: string;
  emptyLabel: string;
}

function topmost(entries: IntersectionObserverEntry[]): Element | undefined {
  return entries.filter((entry) => entry.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0]?.target;
}

/** Every heading of the article; the one in view is highlighted, a click scrolls smoothly to it. */
export function TableOfContents({ headings, title, emptyLabel }: TableOfContentsProps) {
  const [activeId, setActiveId] = useState<string>();

  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    // Started after the first paint so the initial layout does not pick a heading.
    const timer = window.setTimeout(() => {
      observer = new IntersectionObserver((entries) => {
        const target = topmost(entries);
        if (target) setActiveId(target.id);
      }, TOC_OBSERVER_OPTIONS);
      for (const { id } of headings) {
        const element = document.getElementById(id);
        if (element) observer.observe(element);
      }
    }, TOC_START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [headings]);

  function onClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
    // Keyboard users continue reading from the heading they chose.
    target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    setActiveId(id);
  }

  return (
    <nav aria-labelledby="toc-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="toc-title" className="text-base font-semibold text-ocean-900">
        {title}
      </h2>
      {headings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{emptyLabel}</p>
      ) : (
        <ol className="mt-3 space-y-1 text-sm">
          {headings.map((heading) => {
            const active = heading.id === activeId;
            return (
              <li key={heading.id} style={{ paddingLeft: (heading.depth - 1) * TOC_INDENT_PX }}>
                <a
                  href={`#${heading.id}`}
                  onClick={(event) => onClick(event, heading.id)}
                  aria-current={active ? 'location' : undefined}
                  data-depth={heading.depth}
                  className={`block rounded-md border-l-2 px-2 py-1 ${
                    active
                      ? 'border-coral-600 bg-ocean-50 font-semibold text-ocean-900'
                      : 'border-transparent text-slate-700 hover:bg-ocean-50 hover:text-ocean-800'
                  }`}
                >
                  {heading.text}
                </a>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
}
