import 'server-only';
import { holidaysCompleteFor, MU_HOLIDAY_DATES } from '@/lib/holidays-mu';
import { config } from '@/lib/config';
import { readVisitorEmailConfig } from '@/lib/notify';
import { mauritianDate, officeState } from '@/lib/office-hours/schedule';
import { isOperatorOnline } from './presence';
import type { ChatStatusDto } from './status';

export async function getChatStatus({ now = new Date() }: { now?: Date } = {}): Promise<ChatStatusDto> {
  const online = await isOperatorOnline();
  const hours = config.officeHours;
  const emailReplies = readVisitorEmailConfig() !== null;
  if (online || !hours) return { online, nextOpen: null, mayBeHoliday: false, emailReplies };
  const { nextOpen } = officeState({ now, hours, holidays: MU_HOLIDAY_DATES });
  if (!nextOpen) return { online, nextOpen: null, mayBeHoliday: false, emailReplies };
  return { online, nextOpen: nextOpen.toISOString(), mayBeHoliday: !holidaysCompleteFor(mauritianDate(nextOpen)), emailReplies };
}
