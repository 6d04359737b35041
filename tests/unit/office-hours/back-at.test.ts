import compile from 'icu-minify/compile';
import { describe, expect, it } from 'vitest';
import { statusText } from '@/components/chat/chat-status-line';
import type { ChatLabels } from '@/components/chat/types';
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
    expect(backAt({ nextOpen: NEXT_OPEN, now: friday, timeZone: 'Europe/Berlin', localeTag: 'de-DE' })).toEqual({
      when: 'later',
      day: 'Dienstag',
      time: '06:00',
    });
    const farAway = new Date('2026-11-10T14:00:00Z');
    expect(backAt({ nextOpen: NEXT_OPEN, now: farAway, timeZone: 'Europe/Madrid', localeTag: 'es-ES' }).day).toBe('martes, 24 de noviembre');
  });
});

describe('the widget header line (statusText)', () => {
  const labels = {
    onlineNow: 'Online',
    away: 'Away',
    backToday: compile('Back today at {time} your time'),
    backTomorrow: compile('Back tomorrow at {time} your time'),
    backOn: compile('Back {day} at {time} your time'),
    holidayCaveat: 'unless it is a public holiday in Mauritius',
  } as ChatLabels;
  const now = new Date('2026-11-23T20:00:00Z');

  it('names the day plainly when the holiday list of that year is complete', () => {
    expect(statusText({ online: false, nextOpen: NEXT_OPEN.toISOString(), mayBeHoliday: false, emailReplies: false }, labels, 'en', now)).toBe(
      'Back today at 09:00 your time',
    );
  });

  it('adds the caveat when that day may be an unlisted public holiday', () => {
    expect(statusText({ online: false, nextOpen: NEXT_OPEN.toISOString(), mayBeHoliday: true, emailReplies: false }, labels, 'en', now)).toBe(
      'Back today at 09:00 your time, unless it is a public holiday in Mauritius',
    );
  });

  it('says nothing of holidays while an adviser is online', () => {
    expect(statusText({ online: true, nextOpen: null, mayBeHoliday: false, emailReplies: false }, labels, 'en', now)).toBe('Online');
  });
});
