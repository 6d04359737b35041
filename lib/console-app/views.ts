/** The console's views, in the navigation's order: each is a route under /admin (app/admin/(console)/). */
export const CONSOLE_VIEWS = [
  { name: 'conversations', href: '/admin/conversations' },
  { name: 'requests', href: '/admin/requests' },
  { name: 'people', href: '/admin/people' },
  { name: 'followUps', href: '/admin/follow-ups' },
  { name: 'board', href: '/admin/board' },
  { name: 'dashboard', href: '/admin/dashboard' },
  { name: 'devices', href: '/admin/devices' },
  { name: 'replies', href: '/admin/replies' },
] as const;

export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export const conversationHref = (sessionId: string) => `/admin/conversations/${encodeURIComponent(sessionId)}`;
export const personHref = (key: string) => `/admin/people/${encodeURIComponent(key)}`;
export const requestHref = (id: number) => `/admin/requests/${id}`;
