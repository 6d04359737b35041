import type { Metadata } from 'next';
import { PushDevicesView } from '@/components/admin/devices/push-devices-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { getPushState } from '@/lib/push/state';

export const metadata: Metadata = { title: 'Notifications' };

export default async function DevicesPage() {
  const operator = await currentOperator();
  if (!operator) return null;
  return <PushDevicesView initialState={await getPushState({ operatorId: operator.operatorId })} />;
}
