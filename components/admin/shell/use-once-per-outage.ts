'use client';

import { useMemo, useRef } from 'react';
import { isUnauthorized } from '@/components/admin/shell/admin-api';

export type FailureHandler = (error: unknown, text: string) => void;

/**
 * For reads repeated in the background (polls, focus): a failure is reported once per outage,
 * not on every retry, and a lost session always. Without a network it is not reported at all:
 * the console's status line says "Hors connexion".
 */
export function useOncePerOutage(onFailure: FailureHandler) {
  const failing = useRef(false);
  return useMemo(
    () => ({
      succeeded() {
        failing.current = false;
      },
      failed(error: unknown, text: string) {
        if ((!failing.current && navigator.onLine) || isUnauthorized(error)) onFailure(error, text);
        failing.current = true;
      },
    }),
    [onFailure],
  );
}
