import { describe, expect, it } from 'vitest';
import {
  NATIONALITIES,
  PERMIT_IDS,
  RULES_REVIEWED_AT,
  getPermitDetails,
  recommendVisa,
  type PermitId,
  type VisaInput,
  type VisaRecommendation,
} from '@/lib/visa';
import { SOURCES } from '@/lib/visa/sources';
import { LOCALES } from '@/lib/i18n/routing';
import messages from '@/messages/fr.json';
import { allInputs, collectTexts, inputsFor } from './fixtures';

const EMPLOYMENT_PERMITS: readonly PermitId[] = [
  'occupation_permit_professional',
  'occupation_permit_short_term',
  'occupation_permit_investor',
  'occupation_permit_self_employed',
  'young_professional_permit',
  'work_permit',
];
const VISITOR_PERMITS: readonly PermitId[] = ['visitor', 'visitor_extension', 'business_visitor'];
const LONG_STAYS: readonly VisaInput['duration'][] = ['1-2 ans', '2-5 ans', 'Plus de 5 ans', 'Résidence permanente'];

/** Returns the broken rules of one result, so a failure names the combination and the rule. */
function incoherences(input: VisaInput, result: VisaRecommendation): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, rule: string) => ok || problems.push(rule);
  const alternativeIds = result.alternatives.map((option) => option.id);
  const nextIds = result.nextSteps.map((option) => option.id);
  const path = [result.recommended.id, ...nextIds];

  for (const text of collectTexts(result)) {
    check(text.trim().length > 0, 'empty text');
    check(!/[{}]|undefined|NaN/.test(text), `unrendered text: ${text}`);
  }
  check(JSON.stringify(JSON.parse(JSON.stringify(result))) === JSON.stringify(result), 'not JSON-serialisable');
  check(!alternativeIds.includes(result.recommended.id), 'recommended permit also an alternative');
  check(!nextIds.includes(result.recommended.id), 'recommended permit also a next step');
  check(new Set(alternativeIds).size === alternativeIds.length, 'duplicate alternative');
  check(result.conditions.length > 0, 'no condition');
  check(
    result.conditions.every((condition) => path.includes(condition.permitId)),
    'condition off the path',
  );
  check(
    result.conditions.every((condition) => condition.sourceIds.length > 0),
    'condition without source',
  );
  check(result.documents[0]?.id === 'passport', 'documents do not start with the passport');
  check(result.sources.length > 0 && result.sources.some((source) => source.official), 'no official source');
  check(
    result.sources.every((source) => SOURCES[source.id].url === source.url),
    'unknown source url',
  );
  check(result.family.answer === (input.family ?? null), 'family answer not echoed');
  check(result.input.workContext === (input.workStatus === 'Oui' ? (input.workContext ?? null) : null), 'context');
  check(result.reviewedAt === RULES_REVIEWED_AT, 'review date');
  const hasRange = result.processingTime.kind === 'range' || result.processingTime.kind === 'up_to';
  check(hasRange === (result.processingTime.max !== null), 'processing range');

  const regime = { Madagascar: 'visa_on_arrival', Autre: 'check_passport' }[input.nationality as string];
  check(result.entry.regime === (regime ?? 'visa_free'), 'entry regime');
  check(input.nationality !== 'Autre' || result.documents.some((doc) => doc.id === 'visa_check'), 'visa check');
  if (input.workStatus !== 'Oui') check(!EMPLOYMENT_PERMITS.includes(result.recommended.id), 'job permit without work');
  if (input.workStatus === 'Étudiant') check(result.recommended.id === 'student_visa', 'student');
  if (LONG_STAYS.includes(input.duration)) {
    check(!VISITOR_PERMITS.includes(result.recommended.id), 'visitor for long stay');
  }
  const contextMissing = input.workStatus === 'Oui' && !input.workContext;
  check(result.notes.some((note) => note.id === 'work_context_missing') === contextMissing, 'context note');
  if (input.family === 'Non') check(result.family.points.map((point) => point.id).join() === 'join_later', 'alone');
  return problems;
}

describe('recommendVisa over every combination', () => {
  it('covers 17 × 7 × (3 + 4 work answers) × 4 family answers per locale', () => {
    expect(allInputs()).toHaveLength(17 * 7 * 7 * 4);
  });

  describe.each(LOCALES)('locale %s', (locale) => {
    it.each(NATIONALITIES)('gives a coherent recommendation for every answer of %s', (nationality) => {
      const failures = inputsFor(nationality).flatMap((input) =>
        incoherences(input, recommendVisa({ input, locale })).map((rule) => `${JSON.stringify(input)}: ${rule}`),
      );
      expect(failures).toEqual([]);
    });
  });

  it('uses every permit and every text of conditions, documents, notes and family in some answer', { timeout: 30_000 }, () => {
    const used = new Set<string>();
    for (const input of allInputs()) {
      const result = recommendVisa({ input, locale: 'fr' });
      const items = [...result.conditions, ...result.documents, ...result.notes, ...result.family.points];
      for (const item of [...items, ...result.entry.notes]) used.add(item.id);
      for (const option of [result.recommended, ...result.alternatives, ...result.nextSteps]) used.add(option.id);
      for (const { id } of result.alternatives) {
        const details = getPermitDetails({ permitId: id, input, locale: 'fr' });
        for (const item of [...details.conditions, ...details.documents, ...details.family.points]) used.add(item.id);
      }
    }
    const expected = [
      ...PERMIT_IDS,
      ...Object.keys(messages.VisaEngine.conditions),
      ...Object.keys(messages.VisaEngine.documents),
      ...Object.keys(messages.VisaEngine.notes),
      ...Object.keys(messages.VisaEngine.family.points),
      ...Object.keys(messages.VisaEngine.entry).filter((id) => !['visa_free', 'visa_on_arrival', 'check_passport'].includes(id)),
    ];
    expect(expected.filter((id) => !used.has(id))).toEqual([]);
  });
});
