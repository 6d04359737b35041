import type { Metadata } from 'next';
import { AuditView } from '@/components/admin/audit/audit-view';
import { recordAuditView } from '@/lib/audit';
import { readAuditFilter } from '@/lib/audit/filter';
import { listAuditEntries, listAuditOperators } from '@/lib/audit/queries';
import { currentAuditActor } from '@/lib/auth/audit-actor';
import { currentOperator } from '@/lib/auth/console-operator';
import { requireAllowed } from '@/lib/auth/role-guard';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Journal' };

/** The journal, filtered by the address's query and read on the server; reading it is itself recorded (once per session, filter and 10 minutes). An admin's only: an agent gets the 403 view. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await currentOperator();
  if (!operator) return null;
  await requireAllowed(operator, 'read_audit');
  const filter = readAuditFilter(await searchParams);
  await recordAuditView({ actor: await currentAuditActor(operator), detail: filterDetail(filter) });
  const [page, operators] = await Promise.all([listAuditEntries(filter), listAuditOperators()]);
  return <AuditView filter={filter} page={page} operators={operators} retentionDays={config.auditRetentionDays} />;
}

const filterDetail = (filter: ReturnType<typeof readAuditFilter>) =>
  Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
