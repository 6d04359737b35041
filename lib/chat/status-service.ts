import 'server-only';
import { config } from '@/lib/config';
import { mauritianHolidayDates, mayBeUnlistedHoliday } from '@/lib/holidays/mu';
import { readVisitorEmailConfig } from '@/lib/notify';
import { officeState } from '@/lib/office-hours/schedule';
import { mauritianDate } from '@/lib/time/mauritius';
import { isOperatorOnline } from './presence';
import type { ChatStatusDto } from './status';

export async function getChatStatus({ now = new Date() }: { now?: Date } = {}): Promise<ChatStatusDto> {
  const online = await isOperatorOnline();
  const hours = config.officeHours;
  const emailReplies = readVisitorEmailConfig() !== null;
  if (online || !hours) return { online, nextOpen: null, mayBeHoliday: false, emailReplies };
  const year = Number(mauritianDate(now).slice(0, 4));
  // Office hours look 60 days ahead at most: this year and the next cover them.
  const { nextOpen } = officeState({ now, hours, holidays: mauritianHolidayDates({ years: [year, year + 1] }) });
  if (!nextOpen) return { online, nextOpen: null, mayBeHoliday: false, emailReplies };
  return { online, nextOpen: nextOpen.toISOString(), mayBeHoliday: mayBeUnlistedHoliday(mauritianDate(nextOpen)), emailReplies };
}
