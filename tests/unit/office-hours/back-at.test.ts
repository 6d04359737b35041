import { describe, expect, it } from 'vitest';
import { backAt } from '@/lib/office-hours/back-at';

// Tuesday 24 November 2026, 09:00 in Port Louis = 05:00 UTC.
const NEXT_OPEN = new Date('2026-11-24T05:00:00Z');

describe('backAt: the next opening in the visitor’s time zone', () => {
  it('says "tomorrow" in Paris on the evening before, at the Paris time', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now, timeZone: 'Europe/Paris', localeTag: 'fr-FR' })).toEqual({ when: 'tomorrow', day: 'mardi', time: '06:00' });
  });

  it('says "today" in Port Louis after midnight, at 09:00', () => {
    const now = new Date('2026-11-23T21:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now, timeZone: 'Indian/Mauritius', localeTag: 'en-GB' })).toEqual({ when: 'today', day: 'Tuesday', time: '09:00' });
  });

  it('moves the calendar day across the date line: Monday evening in Los Angeles', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now, timeZone: 'America/Los_Angeles', localeTag: 'en-GB' })).toEqual({ when: 'today', day: 'Monday', time: '21:00' });
  });

  it('names the weekday within a week and adds the date beyond (a holiday stretch)', () => {
    const friday = new Date('2026-11-20T14:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now: friday, timeZone: 'Europe/Berlin', localeTag: 'de-DE' })).toEqual({ when: 'later', day: 'Dienstag', time: '06:00' });
    const farAway = new Date('2026-11-10T14:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now: farAway, timeZone: 'Europe/Madrid', localeTag: 'es-ES' }).day).toBe('martes, 24 de noviembre');
  });
});
