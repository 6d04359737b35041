'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * The address of an internal page this anchor opens in the same tab, or null when the browser
 * should handle it itself: another site, a new tab or a download, an API route or a file, or a
 * jump within the page.
 */
function softTarget(link: Element | null, location: Location): string | null {
  if (!(link instanceof HTMLAnchorElement) || !link.getAttribute('href')) return null;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
  if (/^\/(api|admin)(\/|$)/.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return null;
  return url.pathname + url.search + url.hash;
}

/** The address the link under this event's target opens softly, if any. */
const targetOf = (event: Event) => softTarget(event.target instanceof Element ? event.target.closest('a') : null, window.location);

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'];

/**
 * Opens the site's internal links (plain anchors, see ui/link) with the App Router: no full page
 * load, the chat and its conversation stay open. Prefetches a page when the visitor is about to
 * open it (pointer over, touch or keyboard focus on its link), once per address, never on sight.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    const prefetched = new Set<string>();
    const onIntent = (event: Event) => {
      const target = targetOf(event);
      if (!target || prefetched.has(target)) return;
      prefetched.add(target);
      router.prefetch(target);
    };
    const onClick = (event: MouseEvent) => {
      // A handler that took the click (e.g. the language links) has called preventDefault.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = targetOf(event);
      if (!target) return;
      event.preventDefault();
      router.push(target);
    };
    const passive = { passive: true, capture: true };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, passive);
    document.addEventListener('click', onClick);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, passive);
      document.removeEventListener('click', onClick);
    };
  }, [router]);
  return null;
}
