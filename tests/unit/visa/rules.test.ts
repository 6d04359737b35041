import { describe, expect, it } from 'vitest';
import {
  DURATIONS,
  NATIONALITIES,
  WORK_CONTEXTS,
  recommendVisa,
  visaInputSchema,
  type Duration,
  type Nationality,
  type PermitId,
  type VisaInput,
  type WorkContext,
  type VisaRecommendation,
} from '@/lib/visa';
import { CONTEXT_REASONS, DECISION_TABLE } from '@/lib/visa/decision-table';
import { PERMITS } from '@/lib/visa/permits';
import { ENTRY_GROUPS, PROCESSING, RULES, type RuleValue } from '@/lib/visa/rules';
import { SOURCES, type SourceId } from '@/lib/visa/sources';
import messages from '@/messages/fr.json';

const fr = messages.VisaEngine;
const recommend = (input: VisaInput) => recommendVisa({ input, locale: 'fr' });
const offered = (result: VisaRecommendation): PermitId[] => [
  result.recommended.id,
  ...result.alternatives.map((option) => option.id),
  ...result.nextSteps.map((option) => option.id),
];
const condition = (result: VisaRecommendation, id: string) => result.conditions.find((item) => item.id === id);

describe('key decisions', () => {
  type Row = [string, Nationality, Duration, VisaInput['workStatus'], WorkContext | undefined, PermitId];
  it.each<Row>([
    ['French remote worker, 6–12 months', 'France', '6-12 mois', 'Oui', 'remote_foreign', 'premium_visa'],
    ['retiree, 1–2 years', 'Belgique', '1-2 ans', 'Retraité', undefined, 'retired_residence_permit'],
    ['student', 'Canada', '2-5 ans', 'Étudiant', undefined, 'student_visa'],
    ['short stay without work', 'France', 'Moins de 3 mois', 'Non', undefined, 'visitor'],
    ['local employee, 1–2 years', 'Italie', '1-2 ans', 'Oui', 'local_employer', 'occupation_permit_professional'],
    ['local employee, 2–5 years', 'Suisse', '2-5 ans', 'Oui', 'local_employer', 'occupation_permit_professional'],
    ['short local job', 'Portugal', 'Moins de 3 mois', 'Oui', 'local_employer', 'occupation_permit_short_term'],
    ['own business, 1–2 years', 'Allemagne', '1-2 ans', 'Oui', 'own_business', 'occupation_permit_investor'],
    ['work without context, 2–5 years', 'France', '2-5 ans', 'Oui', undefined, 'occupation_permit_professional'],
  ])('%s', (_, nationality, duration, workStatus, workContext, expected) => {
    expect(recommend({ nationality, duration, workStatus, workContext }).recommended.id).toBe(expected);
  });

  it('gives every student the student visa, whatever the duration', () => {
    for (const duration of DURATIONS) {
      const result = recommend({ nationality: 'Espagne', duration, workStatus: 'Étudiant' });
      expect(result.recommended.id).toBe('student_visa');
    }
  });

  it('shows the retired permit with its age and income conditions from the fact sheet', () => {
    const result = recommend({ nationality: 'France', duration: '1-2 ans', workStatus: 'Retraité' });
    expect(condition(result, 'retired_min_age')?.figures).toEqual({ age: 50 });
    expect(condition(result, 'retired_transfers')?.amounts).toEqual([
      { amount: 2000, currency: 'USD', per: 'month' },
      { amount: 24000, currency: 'USD', per: 'year' },
    ]);
    expect(condition(result, 'retired_transfers')?.text).toMatch(/2\s000/);
    expect(result.alternatives.map((option) => option.id)).toContain('premium_visa');
  });

  it('pins the Premium Visa income and the Professional OP salary floor', () => {
    const job = { nationality: 'France', workStatus: 'Oui' } as const;
    const remote = recommend({ ...job, duration: '6-12 mois', workContext: 'remote_foreign' });
    expect(condition(remote, 'premium_income')?.amounts[0]).toEqual({ amount: 1500, currency: 'USD', per: 'month' });
    const employee = recommend({ ...job, duration: '2-5 ans', workContext: 'local_employer' });
    expect(condition(employee, 'op_salary')?.amounts[0]).toEqual({ amount: 30000, currency: 'MUR', per: 'month' });
    expect(condition(employee, 'op_salary_announced')?.confidence).toBe('low');
    expect(employee.alternatives.map((option) => option.id)).toContain('work_permit');
  });

  it('sends own businesses to the investor route, start-up included', () => {
    const result = recommend({ nationality: 'France', duration: '2-5 ans', workStatus: 'Oui', workContext: 'own_business' });
    const route = condition(result, 'investor_main_route');
    expect(route?.amounts[0]).toEqual({ amount: 100000, currency: 'USD', per: 'once' });
    expect(condition(result, 'investor_startup')).toBeDefined();
    expect(result.alternatives.map((option) => option.id)).toContain('occupation_permit_self_employed');
  });

  it('offers the other work contexts as alternatives when the context is missing', () => {
    const result = recommend({ nationality: 'France', duration: '1-2 ans', workStatus: 'Oui' });
    expect(result.alternatives.map((option) => option.id)).toEqual(expect.arrayContaining(['occupation_permit_investor', 'premium_visa']));
  });

  it.each(['Non', 'Retraité', 'Oui', 'Étudiant'] as const)('offers permanent residence and property for "Résidence permanente" (work %s)', (workStatus) => {
    const contexts = workStatus === 'Oui' ? WORK_CONTEXTS : [undefined];
    for (const workContext of contexts) {
      const result = recommend({ nationality: 'France', duration: 'Résidence permanente', workStatus, workContext });
      const routes = ['permanent_residence_permit', 'property_residence_permit'];
      expect(offered(result)).toEqual(expect.arrayContaining(routes));
    }
  });

  it('shows the USD 200,000 permanent-residence threshold on the retiree path', () => {
    const result = recommend({ nationality: 'France', duration: 'Résidence permanente', workStatus: 'Retraité' });
    expect(condition(result, 'prp_retired')?.amounts[0]).toEqual({ amount: 200000, currency: 'USD', per: 'total' });
    expect(condition(result, 'prp_years')?.figures).toEqual({ years: 5 });
  });
});

describe('entry', () => {
  it('gives Madagascar a visa on arrival', () => {
    const { entry } = recommend({ nationality: 'Madagascar', duration: 'Moins de 3 mois', workStatus: 'Non' });
    expect(entry.regime).toBe('visa_on_arrival');
    expect(entry.maxStayDays).toBe(60);
  });

  it('lets short visa-free stays in for 90 days, flagging the 60-day stamp where sources disagree', () => {
    const france = recommend({ nationality: 'France', duration: 'Moins de 3 mois', workStatus: 'Non' }).entry;
    const uk = recommend({ nationality: 'Royaume-Uni', duration: 'Moins de 3 mois', workStatus: 'Non' }).entry;
    expect([france.regime, france.maxStayDays, france.stampMayShowDays]).toEqual(['visa_free', 90, null]);
    expect([uk.regime, uk.maxStayDays, uk.stampMayShowDays]).toEqual(['visa_free', 90, 60]);
    expect(uk.notes.map((note) => note.id)).toContain('stamp_caveat');
  });

  it('tells "Autre" to check the PIO list and to get a visa first if needed', () => {
    const result = recommend({ nationality: 'Autre', duration: '6-12 mois', workStatus: 'Non' });
    expect(result.entry.regime).toBe('check_passport');
    expect(result.entry.notes.map((note) => note.id)).toContain('visa_required_step');
    expect(result.notes.map((note) => note.id)).toContain('premium_apply_in_country');
  });

  it('puts every nationality in exactly one entry group', () => {
    const groups = Object.values(ENTRY_GROUPS).flatMap((group) => group.nationalities);
    expect([...groups].sort()).toEqual([...NATIONALITIES].sort());
  });
});

describe('family', () => {
  const base = {
    nationality: 'France',
    duration: '2-5 ans',
    workStatus: 'Oui',
    workContext: 'local_employer',
  } as const;
  it.each([
    ['Oui', 'dependants_occupation'],
    ['Partiellement', 'partial_spouse_job'],
    ['Non', 'join_later'],
    [undefined, 'dependants_occupation'],
  ] as const)('uses the family answer %s', (family, pointId) => {
    const result = recommend({ ...base, family });
    expect(result.family.answer).toBe(family ?? null);
    expect(result.family.points.map((point) => point.id)).toContain(pointId);
    expect(result.family.text).toBe(fr.family.intro[family ?? 'unknown']);
  });
});

describe('input', () => {
  it('rejects unknown or missing answers', () => {
    const japan = { nationality: 'Japon', duration: '1-2 ans', workStatus: 'Non' };
    expect(visaInputSchema.safeParse(japan).success).toBe(false);
    expect(visaInputSchema.safeParse({ nationality: 'France', workStatus: 'Non' }).success).toBe(false);
    expect(() => recommend({ nationality: 'France', duration: 'Bientôt', workStatus: 'Non' } as never)).toThrow();
  });

  it('ignores a work context when work is not "Oui"', () => {
    const result = recommend({ nationality: 'France', duration: '1-2 ans', workStatus: 'Non', workContext: 'own_business' });
    expect(result.input.workContext).toBeNull();
    expect(result.recommended.id).toBe('premium_visa');
  });
});

describe('rules data', () => {
  const values = (node: unknown): RuleValue[] =>
    node && typeof node === 'object' ? ('sources' in node && 'kind' in node ? [node as RuleValue] : Object.values(node).flatMap(values)) : [];

  it('gives every figure a source, a date or null, and a confidence', () => {
    for (const value of values({ RULES, PROCESSING })) {
      expect(value.sources.length).toBeGreaterThan(0);
      expect(value.asOf === null || /^\d{4}(-\d{2}){0,2}$/.test(value.asOf)).toBe(true);
      expect(['high', 'medium', 'low']).toContain(value.confidence);
    }
  });

  it('cites only sources of the fact sheet, and each of them somewhere', () => {
    const cited = new Set<SourceId>([
      ...values({ RULES, PROCESSING }).flatMap((value) => value.sources),
      ...Object.values(ENTRY_GROUPS).flatMap((group) => group.sources),
      ...Object.values(PERMITS).flatMap((permit) => permit.officialSources),
    ]);
    expect([...cited].sort()).toEqual(Object.keys(SOURCES).sort());
  });

  it('covers every track and duration, and uses every reason text', () => {
    const reasons = new Set<string>(Object.values(CONTEXT_REASONS));
    for (const rows of Object.values(DECISION_TABLE)) {
      expect(Object.keys(rows).sort()).toEqual([...DURATIONS].sort());
      for (const row of Object.values(rows)) {
        for (const option of [...row.alternatives, ...row.nextSteps]) reasons.add(option.reason);
      }
    }
    expect([...reasons].sort()).toEqual(Object.keys(fr.reasons).sort());
  });
});
