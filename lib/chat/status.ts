/** What the widget's header says, as GET /api/chat/status answers it. Shared by server and widget. */
export interface ChatStatusDto {
  /** An operator has the console open (on any instance). */
  online: boolean;
  /** The next opening (ISO instant) when hours are configured and nobody is online; null otherwise. */
  nextOpen: string | null;
  /**
   * That opening's day lies next to a moveable feast the calendar only calculated (lib/holidays/mu.ts):
   * the Government's notice may still move it there, and the widget says so instead of promising the day.
   */
  mayBeHoliday: boolean;
  /** Replies can be e-mailed (SMTP is configured): the widget may offer to leave an address. */
  emailReplies: boolean;
}

export function isChatStatus(value: unknown): value is ChatStatusDto {
  const body = value as ChatStatusDto | null;
  return (
    typeof body?.online === 'boolean' &&
    (body.nextOpen === null || typeof body.nextOpen === 'string') &&
    typeof body.mayBeHoliday === 'boolean' &&
    typeof body.emailReplies === 'boolean'
  );
}
