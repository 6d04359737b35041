'use client';

import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';

interface ScrollTableProps extends ComponentProps<'table'> {
  label: string;
  hint: string;
}

/**
 * A post's table. From md up it fits the column (long words wrap inside their cell); on phones
 * it keeps a readable width and scrolls sideways: a visible hint and a fade on the hidden side
 * say so while part of it is out of view.
 */
export function ScrollTable({ label, hint, ...props }: ScrollTableProps) {
  const regionRef = useRef<HTMLDivElement>(null);
  // Until measured (server HTML, before hydration), the table's min-width makes it wider than
  // any phone, so the hint and the fade show below md and nowhere else.
  const [overflow, setOverflow] = useState<{ wide: boolean; atEnd: boolean } | null>(null);
  const unmeasured = overflow === null ? 'md:hidden' : '';
  const hintId = useId();

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    const measure = () => {
      const wide = region.scrollWidth > region.clientWidth + 1;
      setOverflow({ wide, atEnd: !wide || region.scrollLeft + region.clientWidth >= region.scrollWidth - 1 });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    // The table's own width changes too (web fonts, hyphenation), not only the region's.
    if (region.firstElementChild) observer.observe(region.firstElementChild);
    region.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      region.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <div className="mt-6">
      {(overflow?.wide ?? true) && (
        <p id={hintId} data-scroll-hint className={`mb-2 flex items-center gap-2 text-sm text-slate-600 ${unmeasured}`}>
          <span aria-hidden="true">↔</span>
          {hint}
        </p>
      )}
      <div className="relative">
        {/* Focusable so keyboard users can scroll a wide table (WCAG 2.1.1). */}
        <div
          ref={regionRef}
          role="region"
          aria-label={label}
          aria-describedby={(overflow?.wide ?? true) ? hintId : undefined}
          tabIndex={0}
          data-scroll-container
          className="overflow-x-auto rounded-lg border border-slate-200"
        >
          <table
            {...props}
            className="w-full min-w-[36rem] border-collapse text-left text-base md:min-w-0 md:text-[0.95rem] [&_td]:[overflow-wrap:anywhere] [&_td]:hyphens-auto [&_th]:[overflow-wrap:anywhere] [&_th]:hyphens-auto"
          />
        </div>
        {!(overflow?.atEnd ?? false) && (
          <div
            aria-hidden="true"
            data-scroll-fade
            className={`pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-gradient-to-l from-white to-transparent ${unmeasured}`}
          />
        )}
      </div>
    </div>
  );
}
