import type { Metadata } from 'next';
import { TeamView } from '@/components/admin/operators/team-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { requireAllowed } from '@/lib/auth/role-guard';
import { listTeam } from '@/lib/auth/team-queries';
import { mauritianDate, mauritianDateTime } from '@/lib/time/mauritius';

export const metadata: Metadata = { title: 'Équipe' };

/** The operators, their roles and states, and what an admin changes about them; an agent gets the 403 view. */
export default async function OperatorsPage() {
  const operator = await currentOperator();
  if (!operator) return null;
  await requireAllowed(operator, 'manage_operators');
  const now = new Date();
  const members = (await listTeam()).map((member) => ({
    id: member.id,
    email: member.email,
    role: member.role,
    since: mauritianDate(member.createdAt),
    state: member.disabledAt
      ? ({ kind: 'disabled' } as const)
      : member.invitationExpiresAt
        ? member.invitationExpiresAt > now
          ? ({ kind: 'invited', until: mauritianDateTime(member.invitationExpiresAt) } as const)
          : ({ kind: 'invitationExpired' } as const)
        : ({ kind: member.secondFactor ? 'active' : 'activeNoFactor' } as const),
  }));
  return <TeamView members={members} selfId={operator.operatorId} />;
}
