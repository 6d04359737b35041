'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Prefetches an internal page when the visitor is about to open it (pointer over, touch or
 * keyboard focus on its link), once per address; links do not prefetch on sight (see ui/link).
 */
export function PrefetchOnIntent() {
  const router = useRouter();
  useEffect(() => {
    const done = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
      const href = link?.getAttribute('href');
      if (!href || href.startsWith('//') || done.has(href) || link?.hasAttribute('download')) return;
      done.add(href);
      router.prefetch(href);
    };
    const options = { passive: true, capture: true };
    for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ['pointerover', 'touchstart', 'focusin']) document.removeEventListener(type, onIntent, options);
    };
  }, [router]);
  return null;
}
