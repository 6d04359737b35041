'use client';

import { createContext, useContext } from 'react';
import type { CannedReplies } from '@/components/admin/replies/use-canned-replies';
import type { FailureHandler } from './use-once-per-outage';
import type { useOperatorConsole } from './use-operator-console';

export type ConsoleContextValue = ReturnType<typeof useOperatorConsole> & {
  canned: CannedReplies;
  bookingEnabled: boolean;
  /** The operator is an admin (lib/auth/roles.ts): what only an admin may do is offered. */
  admin: boolean;
  handleFailure: FailureHandler;
};

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export const ConsoleProvider = ConsoleContext.Provider;

/** What every view shares: the conversations and their live stream, canned replies, the failure toast. */
export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole() outside the console shell');
  return value;
}
