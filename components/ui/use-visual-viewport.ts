'use client';

import { useEffect, type RefObject } from 'react';

/**
 * Keeps `element`'s CSS variables `top` and `height` on the visual viewport (in px): a box sized by
 * them stays above the on-screen keyboard, which shrinks the visual viewport, not the layout one.
 */
export function useVisualViewport(element: RefObject<HTMLElement | null>, names: { top: string; height: string }) {
  const { top, height } = names;
  useEffect(() => {
    const viewport = window.visualViewport;
    const box = element.current;
    if (!viewport || !box) return;
    const follow = () => {
      box.style.setProperty(top, `${viewport.offsetTop}px`);
      box.style.setProperty(height, `${viewport.height}px`);
    };
    follow();
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
    };
  }, [element, top, height]);
}
