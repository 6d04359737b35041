import { getConditionSpecs } from './conditions';
import { decide, getPrpCategories } from './decide';
import { describeEntry } from './entry';
import { ENTRY_OFFICIAL_SOURCES, PERMITS } from './permits';
import { createRenderer } from './render';
import { RULES_REVIEWED_AT } from './rules';
import { resolveInput } from './resolve-input';
import type { VisaInput, VisaLocale } from './schema';
import { describeCondition, describeFamily, describeOption, describePermit, describeProcessing, listDocuments, listSources } from './sections';
import { DISCLAIMER_VALUES, NOTE_VALUES } from './text-values';
import type { NoteId } from './texts';
import type { VisaRecommendation } from './types';

/**
 * Answers the visa finder: how the visitor enters Mauritius, the permit to aim for, its
 * alternatives and later steps, conditions with their figures, family, documents, delays and
 * sources, all in `locale`. Pure: same input, same output. Throws a ZodError on invalid input.
 */
export function recommendVisa({ input, locale }: { input: VisaInput; locale: VisaLocale }): VisaRecommendation {
  const resolved = resolveInput(input);
  const renderer = createRenderer(locale);
  const decision = decide(resolved);
  const entry = describeEntry({ nationality: resolved.nationality, renderer });
  const prpCategories = getPrpCategories(resolved);
  const path = [decision.recommended, ...decision.nextSteps.map((step) => step.permit)];
  const conditions = path.flatMap((permit) => getConditionSpecs({ permit, prpCategories }).map((spec) => describeCondition(spec, permit, renderer)));
  const noteIds: NoteId[] = [...decision.notes];
  if (conditions.some((condition) => condition.confidence === 'low')) noteIds.push('low_confidence');

  const result = {
    locale,
    input: resolved,
    entry,
    recommended: describePermit(decision.recommended, renderer),
    alternatives: decision.alternatives.map((option) => describeOption(option, renderer)),
    nextSteps: decision.nextSteps.map((option) => describeOption(option, renderer)),
    conditions,
    family: describeFamily(decision.recommended, resolved.family, renderer),
    documents: listDocuments(decision.recommended, resolved.nationality, renderer),
    processingTime: describeProcessing(decision.recommended, renderer),
    notes: noteIds.map((id) => renderer.item(id, `notes.${id}`, NOTE_VALUES[id])),
    reviewedAt: RULES_REVIEWED_AT,
    disclaimer: renderer.text('disclaimer', DISCLAIMER_VALUES),
  };
  const sourceIds = [
    ...ENTRY_OFFICIAL_SOURCES,
    ...path.flatMap((permit) => PERMITS[permit].officialSources),
    ...entry.sourceIds,
    ...renderer.usedValues().flatMap((value) => value.sources),
  ];
  return { ...result, sources: listSources(sourceIds, renderer) };
}
