import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { saveLead } = await import('@/lib/leads/queries');
const { setStage } = await import('@/lib/people/record-queries');
const { countVisaCheck, getDashboard } = await import('@/lib/people/dashboard-queries');
const { mauritianHolidayDates } = await import('@/lib/holidays/mu');
const { parseOfficeHours } = await import('@/lib/office-hours/schedule');

const DAY_MS = 86_400_000;
/** A Friday 18:00 (Mauritius) two to four weeks ago whose Friday and Monday are working days. */
function fridayEvening(now: Date): Date {
  const holidays = mauritianHolidayDates({ years: [now.getUTCFullYear() - 1, now.getUTCFullYear()] });
  const muDate = (at: number) => new Date(at + 4 * 3_600_000).toISOString().slice(0, 10);
  for (let back = 14; ; back += 1) {
    const day = new Date(now.getTime() - back * DAY_MS);
    const friday = new Date(`${muDate(day.getTime())}T18:00:00+04:00`);
    if (new Date(friday.getTime() + 4 * 3_600_000).getUTCDay() !== 5) continue;
    if (!holidays.has(muDate(friday.getTime())) && !holidays.has(muDate(friday.getTime() + 3 * DAY_MS))) return friday;
  }
}

describe('the Monday numbers', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('counts this week’s conversations, requests, visa checks, first answers and stages', async () => {
    const chat = await createChatSession({ locale: 'de', startPage: '/de/visa-finder' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Hallo' });
    await saveMessage({ sessionId: chat.id, sender: 'operator', content: 'Guten Tag' });
    await createChatSession({ locale: 'fr', startPage: '/fr' });
    await saveLead({ source: 'visa', name: 'V', email: 'v@example.com', phone: null, message: '', locale: 'fr', details: null, consentAt: new Date() });
    await countVisaCheck();
    await countVisaCheck();
    await setStage({ key: `chat:${chat.id}`, stage: 'qualified', operatorEmail: 'op@example.com' });
    const data = await getDashboard();
    expect(data.weeks).toHaveLength(12);
    expect(new Date(`${data.weeks.at(-1)}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(data.conversations.at(-1)).toBe(1);
    expect(data.requests.visa.at(-1)).toBe(1);
    expect(data.requests.contact.at(-1)).toBe(0);
    expect(data.visaChecks.at(-1)).toBe(2);
    expect(data.medianFirstAnswerMinutes.at(-1)).toBe(0);
    expect(data.languages.de?.at(-1)).toBe(1);
    expect(data.people.at(-1)).toBe(2);
    expect(data.pages).toEqual([
      { kind: 'page', page: '/de/visa-finder', counts: [...Array(11).fill(0), 1] },
      { kind: 'visa', page: null, counts: [...Array(11).fill(0), 1] },
    ]);
    expect(data.firstAnswerMode).toBe('real_time');
    expect(data.stages.qualified.at(-1)).toBe(1);
    expect(data.conversations.slice(0, -1).every((n) => n === 0)).toBe(true);
  });

  it('counts the wait for a first answer within opening hours when they are set, in real time otherwise', async () => {
    const asked = fridayEvening(new Date());
    const answered = new Date(asked.getTime() + 3 * DAY_MS - 8 * 3_600_000 - 50 * 60_000); // Monday 09:10
    const chat = await createChatSession({ locale: 'en', startPage: '/en' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Hello on Friday evening' });
    await saveMessage({ sessionId: chat.id, sender: 'operator', content: 'Good morning' });
    await query(`update chat_sessions set created_at = $2 where id = $1`, [chat.id, asked]);
    await query(`update messages set created_at = case when sender = 'visitor' then $2::timestamptz else $3::timestamptz end where session_id = $1`, [
      chat.id,
      asked,
      answered,
    ]);
    const weekOf = (data: Awaited<ReturnType<typeof getDashboard>>) => data.medianFirstAnswerMinutes[data.weeks.findIndex((w) => w > asked.toISOString()) - 1];
    const inHours = await getDashboard(new Date(), parseOfficeHours('1-5 09:00-17:00'));
    expect(inHours.firstAnswerMode).toBe('office_hours');
    expect(weekOf(inHours)).toBe(10);
    const realTime = await getDashboard(new Date(), null);
    expect(realTime.firstAnswerMode).toBe('real_time');
    expect(weekOf(realTime)).toBe(63 * 60 + 10);
  });
});
