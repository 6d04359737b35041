import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays } from '@/lib/time/calendar';
import { labelled, planTranslator } from './texts';
import type { PlanStep, VisaPlan } from './types';

/** How long before a deadline its reminder rings; other steps ring the day before. */
export const DEADLINE_REMINDER_DAYS = 7;

const dateArray = (date: string): DateArray => date.split('-').map(Number) as [number, number, number];

function eventOf(step: PlanStep, plan: VisaPlan, planUrl: string, uidSuffix: string): EventAttributes | null {
  const { from, to } = step.date;
  const first = from ?? to;
  if (!first) return null;
  const last = to ?? first;
  const t = planTranslator(plan.locale);
  const sources = step.sourceIds.flatMap((id) => plan.sources.find((source) => source.id === id) ?? []);
  const description = [
    step.dateText,
    step.text,
    ...step.needs.map((need) => `- ${need}`),
    labelled(plan.locale, t('labels.cost'), step.cost),
    ...(step.fitNote ? [step.fitNote] : []),
    ...sources.map((source) => t('ics.source', { url: `${source.title} ${source.url}` })),
    t('ics.plan', { url: planUrl }),
  ].join('\n');
  return {
    uid: `${step.id}.${uidSuffix}`,
    // All-day events: a deadline is its own day, a window runs to its last day included.
    start: dateArray(step.date.kind === 'by' ? last : first),
    end: dateArray(addDays(step.date.kind === 'between' ? last : step.date.kind === 'by' ? last : first, 1)),
    title: step.title,
    description,
    url: sources[0]?.url ?? planUrl,
    transp: 'TRANSPARENT',
    alarms: [
      { action: 'display', description: t('ics.reminder', { title: step.title }), trigger: { days: step.deadline ? DEADLINE_REMINDER_DAYS : 1, before: true } },
    ],
  };
}

/** The plan's dated steps as an iCalendar file (RFC 5545), one event each, in the plan's language. */
export function createPlanCalendar({ plan, planUrl, uidSuffix }: { plan: VisaPlan; planUrl: string; uidSuffix: string }): string {
  const events = plan.steps.flatMap((step) => eventOf(step, plan, planUrl, uidSuffix) ?? []);
  const { error, value } = createEvents(events, { productId: 'maurice-expat/plan', calName: planTranslator(plan.locale)('ics.calendarName') });
  if (error || !value) throw error ?? new Error('ics: no calendar');
  return value;
}
