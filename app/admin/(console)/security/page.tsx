import type { Metadata } from 'next';
import { SecurityView } from '@/components/admin/security/security-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { findOperatorFactors, listLiveSessions } from '@/lib/auth/factor-queries';
import { config } from '@/lib/config';
import { deviceNameFromUserAgent } from '@/lib/push/device-name';
import { mauritianDateTime } from '@/lib/time/mauritius';

export const metadata: Metadata = { title: 'Sécurité' };

const when = (date: Date) => mauritianDateTime(date);

export default async function SecurityPage() {
  const operator = await currentOperator();
  if (!operator) return null;
  const now = new Date();
  const [factors, sessions] = await Promise.all([
    findOperatorFactors({ operatorId: operator.operatorId }),
    listLiveSessions({ operatorId: operator.operatorId, now, idleSince: new Date(now.getTime() - config.operatorSecurity.sessionIdleMs) }),
  ]);
  return (
    <SecurityView
      data={{
        totpOn: Boolean(factors?.totpEnabledAt),
        recoveryCodesLeft: factors?.recoveryCodesLeft ?? 0,
        passkeys: (factors?.passkeys ?? []).map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          created: when(passkey.createdAt),
          lastUsed: passkey.lastUsedAt ? when(passkey.lastUsedAt) : null,
        })),
        sessions: sessions.map((session) => ({
          id: session.id,
          device: deviceNameFromUserAgent(session.userAgent),
          address: session.address ?? '—',
          lastSeen: when(session.lastSeenAt),
          started: when(session.createdAt),
          current: session.id === operator.id,
        })),
      }}
    />
  );
}
