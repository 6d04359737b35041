import 'server-only';
import { recordAudit } from '@/lib/audit';
import { recordErasure } from '@/lib/backup/erasures';
import { hasBackupKey } from '@/lib/backup/key';
import { announceSessionEnd } from '@/lib/chat/session-ends';
import { config } from '@/lib/config';
import { operatorPresence, publishChange, publishMessage } from '@/lib/chat/realtime';
import { on } from '@/lib/events';
import { listOtherOperatorEmails } from '@/lib/auth/queries';
import { notifyAccountOwner, notifyChatMessage, notifyDataExport, notifyOperator } from '@/lib/notify';
import { BACKUP_PROBLEMS } from '@/lib/notify/format-email';
import { pushBackupProblem, pushDossierUpload, pushNewLead, pushSecurityAlert, pushVisitorMessage } from '@/lib/push/notify';
import { deleteOperatorSubscriptions, deleteSessionSubscriptions } from '@/lib/push/queries';

// What follows each event, in one place: the domains save and emit (lib/events), and nothing
// below this file imports notify, push or the realtime hub to do it. Subscribers of one event
// start in the order written here; each one's failure is logged by the bus and stops nothing.

const WIRED = Symbol.for('maurice-expat.event-subscribers');
const holder = globalThis as { [WIRED]?: boolean };

/** Subscribes everything once per process (start-up, the command-line scripts, tests). */
export function wireSubscribers(): void {
  if (holder[WIRED]) return;
  holder[WIRED] = true;

  on('chat.message.saved', 'realtime', ({ message, visitor }) => {
    // Into the hub first: the streams get the message before any notification leaves.
    publishMessage(message);
    if (visitor?.firstOfConversation) return publishChange('people');
  });
  on('chat.message.saved', 'notify', ({ message, visitor }) => {
    if (!visitor) return;
    return notifyChatMessage({ ...visitor, message, operatorsOnline: operatorPresence.count() });
  });
  on('chat.message.saved', 'push', ({ message, visitor }) => visitor && pushVisitorMessage({ ...visitor, message }));

  on('lead.created', 'notify', ({ lead }) => notifyOperator({ kind: 'lead', lead }));
  on('lead.created', 'push', ({ lead }) => pushNewLead(lead));
  on('lead.created', 'realtime', () => Promise.all([publishChange('leads'), publishChange('people')]));

  on('person.changed', 'realtime', () => publishChange('people'));
  on('lead.handled', 'realtime', () => publishChange('leads'));
  on('subject.erased', 'realtime', () => Promise.all([publishChange('leads'), publishChange('people')]));
  // The register of erasures, beside the backups: a restore of an older backup erases them again.
  on('subject.erased', 'backup', ({ ids }) => hasBackupKey(config.backup) && recordErasure(config.backup.dir, ids));
  on('conversation.erased', 'backup', ({ id }) => hasBackupKey(config.backup) && recordErasure(config.backup.dir, { conversations: [id] }));

  on('backup.problem', 'notify', (alert) => notifyOperator({ kind: 'backup_alert', alert }));
  on('backup.problem', 'push', (alert) => pushBackupProblem({ id: `${alert.problem}:${alert.at}`, title: BACKUP_PROBLEMS[alert.problem], text: alert.detail }));

  // A client's document: the operators' devices are told (and their mailbox of a file the virus scan refused); a refusal or the dossier's completion is mailed to the client.
  // Loaded when the first such event comes: the texts behind them (next-intl) stay out of the command-line scripts.
  const dossierEvents = () => import('@/lib/dossier/events');
  on('dossier.file.uploaded', 'push', async ({ dossierId, itemId, fileId }) => {
    const named = await (await dossierEvents()).describeUpload({ itemId });
    if (named) pushDossierUpload({ dossierId, fileId: String(fileId), ...named, flagged: false });
  });
  on('dossier.file.flagged', 'notify', ({ dossierId, signature }) =>
    notifyOperator({ kind: 'dossier_flagged', alert: { dossierId, signature, at: new Date().toISOString() } }),
  );
  on('dossier.file.flagged', 'push', async ({ dossierId, itemId }) => {
    console.warn(`[dossier] an upload to dossier ${dossierId} was refused by the virus scan`);
    const named = await (await dossierEvents()).describeUpload({ itemId });
    if (named) pushDossierUpload({ dossierId, fileId: `flagged-${Date.now()}`, ...named, flagged: true });
  });
  on('dossier.item.refused', 'notify', async ({ itemId }) => (await dossierEvents()).tellClientOfRefusal({ itemId }));
  on('dossier.completed', 'notify', async ({ dossierId }) => (await dossierEvents()).tellClientComplete({ dossierId }));

  on('operator.sessions.ended', 'push', (end) =>
    'sessionId' in end ? deleteSessionSubscriptions({ sessionId: end.sessionId }) : deleteOperatorSubscriptions({ operatorId: end.operatorId }),
  );
  on('operator.sessions.ended', 'realtime', (end) => announceSessionEnd(end));
  // The door's events on the journal: sign-ins, factors, sessions, passwords, accounts.
  on('operator.security', 'audit', (entry) => recordAudit(entry));

  // The agency's address and, once the account locks, its owner's.
  on('operator.login.suspicious', 'notify', (alert) => notifyOperator({ kind: 'login_alert', alert }, { to: alert.locked ? [alert.email] : [] }));
  // Wrong codes after the right password: the agency and the owner by e-mail, the owner's own devices by push.
  on('operator.factor.locked', 'notify', ({ email, failures, windowMinutes }) =>
    notifyAccountOwner({ kind: 'factor_alert', alert: { email, failures, windowMinutes } }, { owner: email, agency: true }),
  );
  on('operator.factor.locked', 'push', ({ operatorId, failures, windowMinutes }) =>
    pushSecurityAlert({
      operatorId,
      id: `factor-locked:${operatorId}:${Date.now()}`,
      title: 'Second facteur suspendu',
      text: `${failures} codes incorrects après votre mot de passe : la vérification est suspendue ${windowMinutes} minutes. Si ce n’est pas vous, changez votre mot de passe.`,
    }),
  );
  on('operator.factors.changed', 'notify', ({ email, change, at, address }) =>
    notifyAccountOwner({ kind: 'factor_changed', changed: { email, change, at, address } }, { owner: email }),
  );
  on('data.exported', 'notify', async ({ operatorId, ...exported }) =>
    notifyDataExport({ exported, to: await listOtherOperatorEmails({ exceptId: operatorId }) }),
  );
}
