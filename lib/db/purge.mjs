// Deletes what the privacy policy says is kept no longer: chat conversations idle for more than
// CHAT_RETENTION_DAYS (their messages go with them) and leads older than LEAD_RETENTION_DAYS.
// Plain JavaScript, shared by the server's daily job and `npm run data:purge`.

export const DEFAULT_CHAT_RETENTION_DAYS = 365;
export const DEFAULT_LEAD_RETENTION_DAYS = 1095;

/** @param {Record<string, string | undefined>} env */
export function readRetention(env) {
  const days = (value, fallback) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  return {
    chatDays: days(env.CHAT_RETENTION_DAYS, DEFAULT_CHAT_RETENTION_DAYS),
    leadDays: days(env.LEAD_RETENTION_DAYS, DEFAULT_LEAD_RETENTION_DAYS),
  };
}

/**
 * @param {import('./connect.mjs').SqlHandle} handle
 * @param {{ chatDays: number; leadDays: number }} retention
 */
export async function purgeExpiredData(handle, { chatDays, leadDays }) {
  return handle.transaction(async (tx) => {
    const chats = await tx.query(
      `delete from chat_sessions
        where coalesce(last_message_at, created_at) < now() - make_interval(days => $1::int)
        returning id`,
      [chatDays],
    );
    const leads = await tx.query(
      'delete from leads where created_at < now() - make_interval(days => $1::int) returning id',
      [leadDays],
    );
    const sessions = await tx.query('delete from operator_sessions where expires_at < now() returning id');
    return { chatSessions: chats.rows.length, leads: leads.rows.length, operatorSessions: sessions.rows.length };
  });
}
