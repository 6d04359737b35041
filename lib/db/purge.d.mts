import type { SqlHandle } from './connect.mjs';

export declare const DEFAULT_CHAT_RETENTION_DAYS: number;
export declare const DEFAULT_LEAD_RETENTION_DAYS: number;
export declare function readRetention(env: Record<string, string | undefined>): { chatDays: number; leadDays: number };
export declare function purgeExpiredData(
  handle: SqlHandle,
  retention: { chatDays: number; leadDays: number },
): Promise<{ chatSessions: number; leads: number; operatorSessions: number }>;
