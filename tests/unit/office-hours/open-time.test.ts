import { describe, expect, it } from 'vitest';
import { mauritianHolidayDates } from '@/lib/holidays/mu';
import { openMillisBetween, parseOfficeHours } from '@/lib/office-hours/schedule';

const hours = parseOfficeHours('1-5 09:00-17:00')!;
const holidays = mauritianHolidayDates({ years: [2026] });
// Mauritius time (UTC+4 all year).
const at = (local: string) => new Date(`${local}:00+04:00`);
const waited = (from: string, to: string) => openMillisBetween({ from: at(from), to: at(to), hours, holidays }) / 60_000;

describe('time within opening hours', () => {
  it('counts an answer within the same opening as the real time', () => {
    expect(waited('2026-11-24T10:00', '2026-11-24T10:25')).toBe(25);
  });

  it('skips the night: 16:50 to 09:05 the next morning is fifteen minutes', () => {
    expect(waited('2026-11-24T16:50', '2026-11-25T09:05')).toBe(15);
  });

  it('skips the weekend: a message at 18:00 on a Friday answered at 09:10 on the Monday waited ten minutes', () => {
    expect(waited('2026-11-27T18:00', '2026-11-30T09:10')).toBe(10);
  });

  it('skips a public holiday (Independence Day, Thursday 12 March 2026)', () => {
    expect(holidays.has('2026-03-12')).toBe(true);
    expect(waited('2026-03-11T16:30', '2026-03-13T09:30')).toBe(60);
  });

  it('counts nothing for a message and an answer both outside hours, and nothing for an empty span', () => {
    expect(waited('2026-11-28T10:00', '2026-11-29T18:00')).toBe(0);
    expect(waited('2026-11-24T10:00', '2026-11-24T10:00')).toBe(0);
    expect(waited('2026-11-24T10:00', '2026-11-24T09:00')).toBe(0);
  });

  it('adds every group of a day with split hours', () => {
    const split = parseOfficeHours('1-5 09:00-12:00; 6 09:00-12:00')!;
    expect(openMillisBetween({ from: at('2026-11-27T11:00'), to: at('2026-11-30T10:00'), hours: split, holidays }) / 60_000).toBe(60 + 180 + 60);
  });
});
