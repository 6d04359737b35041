import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildPlan } from '@/lib/plan/build';
import { createPlanCalendar, DEADLINE_REMINDER_DAYS } from '@/lib/plan/ics';

const RETIREE = { nationality: 'France', duration: 'Plus de 5 ans', workStatus: 'Retraité' } as const;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { event, alarms: vevent.getAllSubcomponents('valarm') };
  });
}

describe('the plan as an iCalendar file', () => {
  it('has one event per dated step, with its reminder, texts in the plan language and source links', () => {
    const plan = buildPlan({ input: RETIREE, arrival: '2027-03-01', today: '2026-11-25', locale: 'de' });
    const text = createPlanCalendar({ plan, planUrl: 'https://example.test/de/visa-finder/plan?x', uidSuffix: 'k@example.test' });
    const events = parse(text);
    const dated = plan.steps.filter((step) => step.date.kind !== 'undated');
    expect(events.map(({ event }) => event.summary)).toEqual(dated.map((step) => step.title));
    expect(new Set(events.map(({ event }) => event.uid)).size).toBe(events.length);

    const apply = events.find(({ event }) => event.summary === 'Antrag stellen')!;
    expect(apply.event.startDate.toString()).toBe('2026-12-01');
    expect(apply.event.startDate.isDate).toBe(true);
    expect(apply.event.description).toContain('https://mauritius.com/retired-non-citizen-50-years');
    expect(apply.event.description).toContain('Mein Plan: https://example.test/de/visa-finder/plan?x');
    const trigger = apply.alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration;
    expect(trigger.toSeconds()).toBe(-DEADLINE_REMINDER_DAYS * 86_400);
    expect(apply.alarms[0]!.getFirstPropertyValue('description')).toBe('Erinnerung: Antrag stellen');

    const travel = events.find(({ event }) => event.summary === 'Reise und Einreise nach Mauritius')!;
    expect(travel.event.startDate.toString()).toBe('2027-03-01');
    const processing = events.find(({ event }) => event.summary === 'Bearbeitung')!;
    // A window ends after its last day (DTEND is exclusive for all-day events).
    expect(processing.event.endDate.toString()).toBe('2027-03-02');
    for (const { alarms } of events) expect(alarms).toHaveLength(1);
  });
});
