import { recommendVisa, RULES } from '@/lib/visa';
import { evidenceMarker } from '@/lib/visa/evidence';
import { formatQuantity, mergeEvidence } from '@/lib/visa/render';
import { PROCESSING, type Quantity, type RuleValue } from '@/lib/visa/rules';
import type { VisaInput, VisaLocale } from '@/lib/visa/schema';
import { listSources } from '@/lib/visa/sections';
import { SOURCES, type SourceId } from '@/lib/visa/sources';
import { createRenderer } from '@/lib/visa/render';
import { getMauritianHolidays } from '@/lib/holidays/mu';
import { nearestWorkingDay, shiftDate } from '@/lib/holidays/working-days';
import { addDays } from '@/lib/time/calendar';
import { listPlanFees } from './fees';
import { CHANNELS, SETTLING_TASKS, TRANSFER_DEADLINES } from './steps';
import { formatPlanDate, planTranslator, type PlanTranslator } from './texts';
import type { PlanDate, PlanEvidence, PlanStep, VisaPlan } from './types';

type StepKey = Parameters<PlanTranslator>[0];
const NO_SOURCE: PlanEvidence = { sourceIds: [], asOf: null, confidence: null, marker: null };

function evidenceOf(values: readonly RuleValue[]): PlanEvidence {
  if (values.length === 0) return NO_SOURCE;
  const merged = mergeEvidence(values);
  return { ...merged, marker: evidenceMarker(merged) };
}

const newestSourceDate = (ids: readonly SourceId[]) =>
  ids
    .flatMap((id) => SOURCES[id].asOf ?? [])
    .sort()
    .at(-1) ?? null;

const shift = (date: string, quantity: Quantity, sign: 1 | -1) => shiftDate(date, sign * quantity.value, quantity.unit as Parameters<typeof shiftDate>[2]);

function processingBounds(permit: keyof typeof PROCESSING): { min: Quantity | null; max: Quantity | null; values: Quantity[] } {
  const processing = PROCESSING[permit];
  if (processing.kind === 'range') return { min: processing.min, max: processing.max, values: [processing.min, processing.max] };
  if (processing.kind === 'up_to') return { min: null, max: processing.max, values: [processing.max] };
  return { min: null, max: null, values: [] };
}

function dateText(date: PlanDate, t: PlanTranslator, locale: VisaLocale): string {
  const f = (value: string | null) => (value ? formatPlanDate(value, locale) : '');
  return t(`dates.${date.kind}`, { from: f(date.from), to: f(date.to) });
}

/**
 * The relocation plan of a visa result: its steps dated back from the arrival date (processing
 * durations in working days skip weekends and Mauritian holidays), with the figures, sources and
 * confidence of lib/visa. Nothing is invented: a step no source covers says so and stays undated.
 */
export function buildPlan({
  input,
  arrival: chosen,
  today,
  locale,
}: {
  input: VisaInput;
  arrival: string | null;
  today: string;
  locale: VisaLocale;
}): VisaPlan {
  const result = recommendVisa({ input, locale });
  const permit = result.recommended.id;
  const t = planTranslator(locale);
  const { min, max, values: processingValues } = processingBounds(permit);
  const firstDay = nearestWorkingDay(addDays(today, 1));
  const proposedArrival = max ? shift(firstDay, max, 1) : null;
  const arrival = chosen ?? proposedArrival;
  const fileBy = arrival && max ? nearestWorkingDay(shift(arrival, max, -1), -1) : null;
  const fastLatest = arrival && min ? nearestWorkingDay(shift(arrival, min, -1), -1) : null;
  const channel = CHANNELS[permit];
  const fees = listPlanFees({ permit, input, locale, t });
  const steps: PlanStep[] = [];
  const undated: PlanDate = { kind: 'undated', from: null, to: null };

  const add = (
    step: Omit<PlanStep, 'dateText' | 'fits' | 'fitNote' | 'deadline' | 'needs' | 'cost' | keyof PlanEvidence> & Partial<PlanStep>,
    evidence: PlanEvidence,
  ) => {
    const date = step.date;
    steps.push({ needs: [], cost: t('cost.unknown'), fits: true, fitNote: null, deadline: false, ...step, ...evidence, dateText: dateText(date, t, locale) });
  };
  const beforeFits = (): Pick<PlanStep, 'fits' | 'fitNote'> => {
    if (!fileBy || fileBy >= firstDay) return { fits: true, fitNote: null };
    if (fastLatest && fastLatest >= firstDay) return { fits: false, fitNote: t('fit.onlyIfFast', { date: formatPlanDate(fastLatest, locale) }) };
    return { fits: false, fitNote: t('fit.cannot') };
  };
  const processingEvidence = evidenceOf(processingValues);

  if (PROCESSING[permit].kind !== 'on_arrival') {
    add(
      {
        id: 'documents',
        phase: 'before',
        title: t('steps.documents.title'),
        text: t('steps.documents.text'),
        needs: result.documents.map((item) => item.text),
        date: fileBy ? { kind: 'by', from: null, to: fileBy } : undated,
        deadline: Boolean(fileBy),
        ...beforeFits(),
      },
      NO_SOURCE,
    );
    const applyText = [
      t(channel ? `apply.${channel.channel}` : 'apply.authority'),
      fastLatest && fileBy ? t('apply.fastLatest', { date: formatPlanDate(fastLatest, locale) }) : null,
    ]
      .filter(Boolean)
      .join(' ');
    add(
      {
        id: 'apply',
        phase: 'before',
        title: t('steps.apply.title'),
        text: applyText,
        cost: fees.map((fee) => fee.text).join(' · '),
        date: fileBy ? { kind: 'by', from: null, to: fileBy } : undated,
        deadline: Boolean(fileBy),
        ...beforeFits(),
      },
      evidenceOf(channel?.values ?? []),
    );
    add(
      {
        id: 'processing',
        phase: 'before',
        title: t('steps.processing.title'),
        text: result.processingTime.text,
        cost: t('cost.none'),
        date: fileBy && arrival ? { kind: 'between', from: fileBy, to: arrival } : undated,
        ...beforeFits(),
      },
      processingEvidence,
    );
    const approvalFrom = fileBy && min ? shift(fileBy, min, 1) : fileBy;
    add(
      {
        id: 'approval',
        phase: 'before',
        title: t('steps.approval.title'),
        text: t(permit === 'premium_visa' ? 'steps.approval.premium' : 'steps.approval.text'),
        cost: t('cost.none'),
        date: approvalFrom && arrival ? { kind: 'between', from: approvalFrom, to: arrival } : undated,
        ...beforeFits(),
      },
      permit === 'premium_visa' ? evidenceOf([RULES.premium.onlineApplication]) : processingEvidence,
    );
  }
  const past = arrival !== null && arrival < firstDay;
  const travelFit = past ? { fits: false, fitNote: t('fit.past') } : {};
  add(
    {
      id: 'arrival_form',
      phase: 'before',
      title: t('steps.arrival_form.title'),
      text: t('steps.arrival_form.text'),
      cost: t('cost.unknown'),
      date: arrival ? { kind: 'by', from: null, to: addDays(arrival, -1) } : undated,
      deadline: Boolean(arrival),
      ...travelFit,
    },
    evidenceOf([RULES.visitor.arrivalForm]),
  );
  add(
    {
      id: 'travel',
      phase: 'arrival',
      title: t('steps.travel.title'),
      text: result.entry.text,
      date: arrival ? { kind: 'on', from: arrival, to: arrival } : undated,
      ...travelFit,
    },
    {
      sourceIds: result.entry.sourceIds,
      asOf: newestSourceDate(result.entry.sourceIds),
      confidence: result.entry.confidence,
      marker: evidenceMarker(result.entry),
    },
  );
  if (result.documents.some((item) => item.id === 'medical_tests')) {
    add(
      {
        id: 'medical',
        phase: 'arrival',
        title: t('steps.medical.title'),
        text: t('steps.medical.text'),
        date: arrival ? { kind: 'from', from: nearestWorkingDay(arrival), to: null } : undated,
      },
      evidenceOf([RULES.occupation.medicalTests]),
    );
  }
  if (channel && permit !== 'premium_visa' && permit !== 'visitor_extension') {
    add(
      {
        id: 'collect',
        phase: 'arrival',
        title: t('steps.collect.title'),
        text: t('steps.collect.text'),
        date: arrival ? { kind: 'from', from: nearestWorkingDay(arrival), to: null } : undated,
      },
      NO_SOURCE,
    );
  }
  const transfer = TRANSFER_DEADLINES[permit];
  if (transfer) {
    const by = arrival ? shift(arrival, transfer, 1) : null;
    add(
      {
        id: 'bank_account',
        phase: 'settling',
        title: t('steps.bank_account.title'),
        text: t('steps.bank_account.transfer', { within: formatQuantity(transfer, locale) }),
        date: by ? { kind: 'by', from: null, to: by } : undated,
        deadline: Boolean(by),
      },
      evidenceOf([transfer]),
    );
  } else {
    add({ id: 'bank_account', phase: 'settling', title: t('steps.bank_account.title'), text: t('steps.unsourced'), date: undated }, NO_SOURCE);
  }
  for (const task of SETTLING_TASKS)
    add({ id: task, phase: 'settling', title: t(`steps.${task}.title` as StepKey), text: t('steps.unsourced'), date: undated }, NO_SOURCE);
  if (input.family === 'Oui' || input.family === 'Partiellement') {
    add({ id: 'school', phase: 'settling', title: t('steps.school.title'), text: t('steps.unsourced'), date: undated }, NO_SOURCE);
  }
  if (permit === 'premium_visa' && arrival && max) {
    const expires = shift(arrival, RULES.premium.maxStay, 1);
    add(
      {
        id: 'renewal',
        phase: 'settling',
        title: t('steps.renewal.title'),
        text: t('steps.renewal.text', { processing: formatQuantity(max, locale) }),
        date: { kind: 'by', from: null, to: nearestWorkingDay(shift(expires, max, -1), -1) },
        deadline: true,
      },
      evidenceOf([RULES.premium.maxStay, max]),
    );
  }

  const dated = steps
    .flatMap((step) => [step.date.from, step.date.to])
    .filter((date): date is string => Boolean(date))
    .sort();
  const [first, last] = [dated[0], dated.at(-1)];
  const years =
    first && last ? Array.from({ length: Number(last.slice(0, 4)) - Number(first.slice(0, 4)) + 1 }, (_, index) => Number(first.slice(0, 4)) + index) : [];
  const calculatedHolidays = years
    .flatMap((year) => getMauritianHolidays({ year }))
    .filter((holiday) => holiday.status === 'calculated' && first! <= holiday.date && holiday.date <= last!)
    .map(({ date, name }) => ({ date, name }));
  const renderer = createRenderer(locale);
  const sourceIds = new Set([
    ...result.sources.map((source) => source.id),
    ...steps.flatMap((step) => step.sourceIds),
    ...fees.flatMap((fee) => fee.sourceIds),
  ]);
  return {
    locale,
    input,
    permit: result.recommended,
    today,
    arrival,
    proposedArrival,
    steps,
    unfit: steps.filter((step) => !step.fits).map((step) => step.title),
    documents: result.documents,
    fees,
    calculatedHolidays,
    sources: listSources(sourceIds, renderer),
    reviewedAt: result.reviewedAt,
    disclaimer: result.disclaimer,
  };
}
