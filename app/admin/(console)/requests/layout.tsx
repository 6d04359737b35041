import type { ReactNode } from 'react';
import { RequestsFrame } from '@/components/admin/requests/requests-frame';
import { currentOperator } from '@/lib/auth/console-operator';
import { listLeadDtos } from '@/lib/leads/admin-queries';

/** The requests' list, newest first, read on the server; the stream renders it again when one arrives. */
export default async function RequestsLayout({ children }: { children: ReactNode }) {
  if (!(await currentOperator())) return null;
  const { leads } = await listLeadDtos();
  return <RequestsFrame leads={leads}>{children}</RequestsFrame>;
}
