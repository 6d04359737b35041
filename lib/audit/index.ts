export { AUDIT_ACTIONS, isAuditAction, peopleTarget, type AuditAction, type AuditActor, type AuditDetail, type OperatorActor } from './actions';
export { recordAudit, recordAuditView, type AuditRecord } from './record';
