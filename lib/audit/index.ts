export { AUDIT_ACTIONS, isAuditAction, peopleTarget, type AuditAction, type AuditActor, type AuditDetail, type OperatorActor } from './actions';
export { recordAudit, type AuditRecord } from './record';
