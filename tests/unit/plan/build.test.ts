import { describe, expect, it } from 'vitest';
import { planKey, readPlanSearch, planSearch } from '@/lib/plan/address';
import { buildPlan } from '@/lib/plan/build';
import { LOCALES } from '@/lib/i18n/routing';

const REMOTE = { nationality: 'France', duration: '6-12 mois', workStatus: 'Oui', workContext: 'remote_foreign' } as const;
const EMPLOYEE = { nationality: 'France', duration: '1-2 ans', workStatus: 'Oui', workContext: 'local_employer', family: 'Oui' } as const;
const RETIREE = { nationality: 'France', duration: 'Plus de 5 ans', workStatus: 'Retraité' } as const;
const TODAY = '2026-11-25';

const dates = (plan: ReturnType<typeof buildPlan>) => Object.fromEntries(plan.steps.map((step) => [step.id, step.date]));

describe('the relocation plan', () => {
  it('dates a Premium Visa back from 1 March 2027 with the widest reported processing time', () => {
    const plan = buildPlan({ input: REMOTE, arrival: '2027-03-01', today: TODAY, locale: 'fr' });
    expect(plan.permit.id).toBe('premium_visa');
    // 3 months before 1 March 2027 is Tuesday 1 December 2026, a working day.
    expect(dates(plan).apply).toEqual({ kind: 'by', from: null, to: '2026-12-01' });
    expect(dates(plan).travel).toEqual({ kind: 'on', from: '2027-03-01', to: '2027-03-01' });
    // The fastest report (2 working days) gives the last date: Fri 26 Feb 2027 minus 2 working days.
    expect(plan.steps.find((step) => step.id === 'apply')!.text).toContain('jeudi 25 février 2027');
    expect(plan.steps.find((step) => step.id === 'processing')).toMatchObject({ confidence: 'low', marker: 'low', sourceIds: ['S37', 'S41'] });
    expect(plan.fees).toEqual([expect.objectContaining({ id: 'premium_free', confidence: 'high', sourceIds: ['S10', 'S11'] })]);
    expect(plan.unfit).toEqual([]);
  });

  it('gives an Occupation Permit its fees with their low confidence and the dependants when the family comes', () => {
    const plan = buildPlan({ input: EMPLOYEE, arrival: '2027-03-01', today: TODAY, locale: 'fr' });
    expect(plan.permit.id).toBe('occupation_permit_professional');
    expect(plan.fees.map((fee) => fee.id)).toEqual(['application', 'professional', 'dependants', 'edb_service']);
    expect(plan.fees.find((fee) => fee.id === 'professional')).toMatchObject({ confidence: 'low', sourceIds: ['S12'] });
    expect(plan.steps.map((step) => step.id)).toContain('medical');
    expect(plan.steps.map((step) => step.id)).toContain('school');
    // 5 working days back from 1 March 2027: Mon 22 Feb (Cavadee and Spring Festival fall earlier).
    expect(plan.steps.find((step) => step.id === 'apply')!.text).toContain('lundi 22 février 2027');
  });

  it('dates the retiree first transfer within 60 days of the permit and says what is unknown', () => {
    const plan = buildPlan({ input: RETIREE, arrival: '2027-03-01', today: TODAY, locale: 'fr' });
    expect(plan.permit.id).toBe('retired_residence_permit');
    expect(dates(plan).bank_account).toEqual({ kind: 'by', from: null, to: '2027-04-30' });
    expect(plan.steps.find((step) => step.id === 'tax_number')).toMatchObject({ confidence: null, date: { kind: 'undated' } });
    expect(plan.fees.find((fee) => fee.id === 'long_permit')).toMatchObject({ confidence: 'high', sourceIds: ['S24b'] });
  });

  it('says which steps cannot fit when the date is too close, and proposes the earliest', () => {
    const plan = buildPlan({ input: RETIREE, arrival: '2027-01-15', today: TODAY, locale: 'en' });
    expect(plan.unfit).toEqual(['Gather the documents', 'File the application', 'Processing', 'Approval']);
    expect(plan.steps.find((step) => step.id === 'apply')!.fitNote).toMatch(/^Too tight: fits only if processing is at its fastest/);
    expect(plan.proposedArrival).toBe('2027-02-24');
    const past = buildPlan({ input: RETIREE, arrival: '2026-11-26', today: TODAY, locale: 'en' });
    expect(past.steps.find((step) => step.id === 'apply')!.fitNote).toBe('Cannot fit before your arrival date, even with the shortest reported time.');
  });

  it('proposes a date when none is chosen and builds in all five languages', () => {
    for (const locale of LOCALES) {
      const plan = buildPlan({ input: EMPLOYEE, arrival: null, today: TODAY, locale });
      expect(plan.arrival).toBe(plan.proposedArrival);
      expect(plan.steps.every((step) => step.title && step.dateText)).toBe(true);
    }
  });

  it('keeps answers and date in a query and an event-id key, nothing else', () => {
    const address = { input: EMPLOYEE, arrival: '2027-03-01' };
    const search = planSearch(address);
    expect(search).toBe('nationality=France&duration=1-2+ans&work_status=Oui&work_context=local_employer&family=Oui&arrival=2027-03-01');
    expect(readPlanSearch(new URLSearchParams(search))).toEqual(address);
    expect(planKey(address)).toBe('0-3-0-0-0-20270301');
    expect(readPlanSearch(new URLSearchParams('nationality=France&duration=1-2+ans&work_status=Oui&arrival=2027-02-30'))?.arrival).toBeNull();
  });
});

describe('the plan in the chat trail', () => {
  it('records a plan with its answers and target date, and nothing else of its query', async () => {
    const { normalizeTrailPath } = await import('@/lib/chat/trail');
    expect(normalizeTrailPath('/fr/visa-finder/plan?nationality=France&duration=1-2+ans&work_status=Retrait%C3%A9&arrival=2027-03-01&email=x%40y.z')).toBe(
      '/fr/visa-finder/plan?nationality=France&duration=1-2+ans&work_status=Retrait%C3%A9&arrival=2027-03-01',
    );
    expect(normalizeTrailPath('/fr/visa-finder?nationality=France&arrival=2027-03-01')).toBe('/fr/visa-finder?nationality=France');
  });
});
