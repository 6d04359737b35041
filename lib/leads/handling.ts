import 'server-only';
import { emit } from '@/lib/events';
import { setLeadHandled } from './admin-queries';

/** Marks a request handled or back to handle, then tells every open console (its badge and list). */
export async function changeLeadHandled({ id, handled }: { id: number; handled: boolean }) {
  const updated = await setLeadHandled({ id, handled });
  if (updated) await emit('lead.handled', { id, handled });
  return updated;
}
