'use client';

import { useCallback, useRef, useState } from 'react';
import type { VisaRecommendation } from '@/lib/visa/types';
import type { Answers } from './types';

export type CheckOutcome = { kind: 'ok'; result: VisaRecommendation } | { kind: 'rate_limited' } | { kind: 'failed' };

/** Posts the answers to the visa API; a newer request supersedes an older one. */
export function useVisaCheck(locale: string) {
  const [loading, setLoading] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const check = useCallback(
    async (answers: Answers): Promise<CheckOutcome | null> => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      setLoading(true);
      try {
        const response = await fetch('/api/visa-check', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            nationality: answers.nationality,
            duration: answers.duration,
            work_status: answers.work_status,
            work_context: answers.work_status === 'Oui' && answers.work_context ? answers.work_context : undefined,
            family: answers.family || undefined,
            locale,
          }),
          signal: controller.signal,
        });
        if (response.status === 429) return { kind: 'rate_limited' };
        if (!response.ok) return { kind: 'failed' };
        return { kind: 'ok', result: (await response.json()) as VisaRecommendation };
      } catch (error) {
        if (controller.signal.aborted) return null;
        console.error('[visa-finder]', error);
        return { kind: 'failed' };
      } finally {
        if (latest.current === controller) setLoading(false);
      }
    },
    [locale],
  );

  const cancel = useCallback(() => {
    latest.current?.abort();
    setLoading(false);
  }, []);

  return { check, cancel, loading };
}
