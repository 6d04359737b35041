'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';

/** Below this width the console shows one column: a list, or what was opened from it (app/globals.css `xs`). */
const PHONE_QUERY = '(width < 30rem)';

export const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** The list an item was opened from, and the item to give the focus back to once it shows again. */
let openedFrom: { list: string; item: string } | null = null;

/** Remembered when an item is opened from its list (a click on its link). */
export function rememberOpenedFrom(list: string, item: string) {
  openedFrom = { list, item };
}

/** The item to focus now that `list` shows again, once. */
export function takeReturnFocus(list: string): string | null {
  if (openedFrom?.list !== list) return null;
  const { item } = openedFrom;
  openedFrom = null;
  return item;
}

/**
 * "Back to the list" on a phone: through the history when the item was opened from that list (the
 * phone's back gesture does the same), to the list's address otherwise (a link from elsewhere).
 */
export function useBackToList(list: string, item: string) {
  const router = useRouter();
  return useCallback(() => {
    const cameFromList = openedFrom?.list === list;
    openedFrom = { list, item };
    if (cameFromList) router.back();
    else router.push(list);
  }, [item, list, router]);
}
