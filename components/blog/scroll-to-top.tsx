'use client';

import { useEffect } from 'react';

// Module state survives the remount Next does when only the search params change.
let shownPage: number | undefined;

/** Changing page scrolls to the top of the document (spec), not just to the list. */
export function ScrollToTop({ page }: { page: number }) {
  useEffect(() => {
    if (shownPage !== undefined && shownPage !== page) window.scrollTo({ top: 0 });
    shownPage = page;
  }, [page]);
  return null;
}
