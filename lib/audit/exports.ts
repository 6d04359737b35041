import 'server-only';
import { emit } from '@/lib/events';
import type { OperatorActor } from './actions';
import { recordAudit } from './record';

type Export = {
  kind: 'people_csv' | 'person_data';
  actor: OperatorActor;
  target: string | null;
  counts: Record<string, number>;
  detail?: Record<string, string>;
};

const ACTION = { people_csv: 'people_csv_exported', person_data: 'person_data_exported' } as const;

/**
 * An export of people or of a person's data: recorded before the file leaves (a failure refuses
 * the export), then `data.exported` tells the other operators by e-mail (lib/subscribers.ts),
 * not awaited: the file does not wait for the mail server.
 */
export async function recordExport({ kind, actor, target, counts, detail = {} }: Export): Promise<void> {
  await recordAudit({ action: ACTION[kind], actor, target, detail: { ...detail, ...counts } });
  void emit('data.exported', { operatorId: actor.operatorId, operatorEmail: actor.email, kind, target, counts, at: new Date().toISOString() });
}
