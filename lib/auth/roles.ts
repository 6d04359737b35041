/**
 * The operators' roles and the one rule between them: an agent does the daily work (conversations,
 * requests, people, dossiers, replies), an admin does that and the acts below. Each act is checked
 * on the server, in the action or route that does it (lib/auth/role-guard.ts); the console only
 * hides what would be refused. No server import: the console's views read the names too.
 */
export const OPERATOR_ROLES = ['admin', 'agent'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: unknown): value is OperatorRole => (OPERATOR_ROLES as readonly unknown[]).includes(value);

/** What only an admin may do, by stable name (recorded in the journal's `access_refused` entries). */
export const ADMIN_ACTS = [
  /** Add an operator, disable one, change a role (the "Équipe" view). */
  'manage_operators',
  /** The people list as CSV. */
  'export_people',
  /** Erase everything held about an address. */
  'erase_person',
  /** Read the journal, and export it. */
  'read_audit',
  'export_audit',
  /** A dossier's validated pages as one zip. */
  'download_dossier_archive',
] as const;
export type AdminAct = (typeof ADMIN_ACTS)[number];

export function roleMay(role: OperatorRole, act: AdminAct): boolean {
  return role === 'admin' || !ADMIN_ACTS.includes(act);
}

/** The code every refusal of an act answers with (HTTP 403), which the console explains. */
export const ADMIN_ONLY = 'admin_only';
