/** What the widget's header says, as GET /api/chat/status answers it. Shared by server and widget. */
export interface ChatStatusDto {
  /** An operator has the console open (on any instance). */
  online: boolean;
  /** The next opening (ISO instant) when hours are configured and nobody is online; null otherwise. */
  nextOpen: string | null;
  /** Replies can be e-mailed (SMTP is configured): the widget may offer to leave an address. */
  emailReplies?: boolean;
}

export function isChatStatus(value: unknown): value is ChatStatusDto {
  const body = value as ChatStatusDto | null;
  return (
    typeof body?.online === 'boolean' &&
    (body.nextOpen === null || typeof body.nextOpen === 'string') &&
    (body.emailReplies === undefined || typeof body.emailReplies === 'boolean')
  );
}
