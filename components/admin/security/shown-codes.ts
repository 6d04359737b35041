import { useSyncExternalStore } from 'react';

/**
 * The recovery codes just made, until the operator says they are noted. Kept outside the views:
 * the enrolment that makes a session full gives it a new id, and the console renders again (the
 * login screen gives way to the console) while the codes must stay on screen.
 */
let codes: string[] | null = null;
const listeners = new Set<() => void>();

export const shownCodes = {
  set(next: string[] | null) {
    codes = next && next.length > 0 ? next : null;
    for (const listener of listeners) listener();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useShownCodes(): string[] | null {
  return useSyncExternalStore(
    subscribe,
    () => codes,
    () => null,
  );
}
