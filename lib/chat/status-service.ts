import 'server-only';
import { MU_HOLIDAY_DATES } from '@/content/holidays-mu';
import { config } from '@/lib/config';
import { readVisitorEmailConfig } from '@/lib/notify';
import { officeState } from '@/lib/office-hours/schedule';
import { isOperatorOnline } from './presence';
import type { ChatStatusDto } from './status';

export async function getChatStatus({ now = new Date() }: { now?: Date } = {}): Promise<ChatStatusDto> {
  const online = await isOperatorOnline();
  const hours = config.officeHours;
  const emailReplies = readVisitorEmailConfig() !== null;
  if (online || !hours) return { online, nextOpen: null, emailReplies };
  const { nextOpen } = officeState({ now, hours, holidays: MU_HOLIDAY_DATES });
  return { online, nextOpen: nextOpen?.toISOString() ?? null, emailReplies };
}
