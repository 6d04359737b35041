import { getConditionSpecs } from './conditions';
import { getPrpCategories } from './decide';
import { ENTRY_OFFICIAL_SOURCES, PERMITS, type PermitId } from './permits';
import { createRenderer } from './render';
import type { VisaInput, VisaLocale } from './schema';
import { describeCondition, describeFamily, describePermit, describeProcessing, listDocuments, listSources } from './sections';
import { resolveInput } from './resolve-input';
import type { PermitDetails } from './types';

/**
 * Conditions, family rules, documents, delay and sources of any permit for the same answers,
 * e.g. when the visitor opens one of the alternatives of `recommendVisa`.
 */
export function getPermitDetails({ permitId, input, locale }: { permitId: PermitId; input: VisaInput; locale: VisaLocale }): PermitDetails {
  const resolved = resolveInput(input);
  const renderer = createRenderer(locale);
  const specs = getConditionSpecs({ permit: permitId, prpCategories: getPrpCategories(resolved) });
  const details = {
    permit: describePermit(permitId, renderer),
    conditions: specs.map((spec) => describeCondition(spec, permitId, renderer)),
    family: describeFamily(permitId, resolved.family, renderer),
    documents: listDocuments(permitId, resolved.nationality, renderer),
    processingTime: describeProcessing(permitId, renderer),
  };
  const sourceIds = [...ENTRY_OFFICIAL_SOURCES, ...PERMITS[permitId].officialSources, ...renderer.usedValues().flatMap((value) => value.sources)];
  return { ...details, sources: listSources(sourceIds, renderer) };
}
