/** Each view's address: a route under /admin (app/admin/(console)/). */
export const VIEW_HREF = {
  conversations: '/admin/conversations',
  requests: '/admin/requests',
  people: '/admin/people',
  followUps: '/admin/follow-ups',
  dossiers: '/admin/dossiers',
  board: '/admin/board',
  dashboard: '/admin/dashboard',
  devices: '/admin/devices',
  replies: '/admin/replies',
  audit: '/admin/audit',
  security: '/admin/security',
  operators: '/admin/operators',
} as const;

/** The views only an admin may open (lib/auth/roles.ts): not in an agent's navigation. */
const ADMIN_VIEWS: ReadonlySet<keyof typeof VIEW_HREF> = new Set(['audit', 'operators']);

/** The console's views, in the navigation's order. */
export const CONSOLE_VIEWS = (Object.keys(VIEW_HREF) as (keyof typeof VIEW_HREF)[]).map((name) => ({
  name,
  href: VIEW_HREF[name],
  adminOnly: ADMIN_VIEWS.has(name),
}));

export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export const conversationHref = (sessionId: string) => `/admin/conversations/${encodeURIComponent(sessionId)}`;
export const personHref = (key: string) => `/admin/people/${encodeURIComponent(key)}`;
export const requestHref = (id: number) => `/admin/requests/${id}`;
export const dossierHref = (id: number) => `/admin/dossiers/${id}`;
