import type { ConditionSpec } from './conditions';
import { documentIdsFor } from './document-ids';
import type { Option } from './decision-table';
import { getFamilyPointIds } from './family';
import { PERMITS, type PermitId } from './permits';
import { durationOf, figuresOf, mergeEvidence, moneyOf, type Renderer } from './render';
import { PROCESSING } from './rules';
import type { FamilyAnswer, Nationality } from './schema';
import { SOURCES, type SourceId } from './sources';
import { DOCUMENT_VALUES, FAMILY_VALUES, PERMIT_SUMMARY_VALUES, REASON_VALUES } from './text-values';
import type { FamilyInfo, LocalizedItem, PermitOption, PermitSummary, ProcessingTime, SourceLink, VisaCondition } from './types';

export function describePermit(id: PermitId, renderer: Renderer): PermitSummary {
  return { id, name: renderer.text(`permits.${id}.name`), summary: renderer.text(`permits.${id}.summary`, PERMIT_SUMMARY_VALUES[id]) };
}

export function describeOption(option: Option, renderer: Renderer): PermitOption {
  return {
    id: option.permit,
    name: renderer.text(`permits.${option.permit}.name`),
    why: renderer.text(`reasons.${option.reason}`, REASON_VALUES[option.reason]),
  };
}

export function describeCondition(spec: ConditionSpec, permitId: PermitId, renderer: Renderer): VisaCondition {
  const evidence = mergeEvidence(Object.values(spec.values));
  return {
    id: spec.id,
    permitId,
    text: renderer.text(`conditions.${spec.id}`, spec.values),
    amounts: moneyOf(spec.values),
    figures: figuresOf(spec.values),
    confidence: evidence.confidence,
    sourceIds: evidence.sourceIds,
    asOf: evidence.asOf,
    conflict: spec.conflict ? renderer.text(`conflicts.${spec.conflict.id}`, spec.conflict.values) : null,
  };
}

export function listDocuments(permit: PermitId, nationality: Nationality, renderer: Renderer): LocalizedItem[] {
  return documentIdsFor(permit, nationality).map((id) => renderer.item(id, `documents.${id}`, DOCUMENT_VALUES[id]));
}

export function describeFamily(permit: PermitId, answer: FamilyAnswer | null, renderer: Renderer): FamilyInfo {
  const ids = getFamilyPointIds({ kind: PERMITS[permit].family, answer });
  return {
    answer,
    text: renderer.text(`family.intro.${answer ?? 'unknown'}`),
    points: ids.map((id) => renderer.item(id, `family.points.${id}`, FAMILY_VALUES[id])),
  };
}

export function describeProcessing(permit: PermitId, renderer: Renderer): ProcessingTime {
  const processing = PROCESSING[permit];
  switch (processing.kind) {
    case 'on_arrival':
    case 'unpublished':
      return { kind: processing.kind, text: renderer.text(`processing.${processing.kind}`), min: null, max: null, confidence: null };
    case 'range':
      return {
        kind: 'range',
        text: renderer.text('processing.range', { min: processing.min, max: processing.max }),
        min: durationOf(processing.min),
        max: durationOf(processing.max),
        confidence: mergeEvidence([processing.min, processing.max]).confidence,
      };
    case 'up_to':
      return {
        kind: 'up_to',
        text: renderer.text('processing.up_to', { max: processing.max }),
        min: null,
        max: durationOf(processing.max),
        confidence: processing.max.confidence,
      };
  }
}

const SOURCE_ORDER = Object.keys(SOURCES) as SourceId[];

/** Official pages first, then the other sources in the fact sheet's order. */
export function listSources(ids: Iterable<SourceId>, renderer: Renderer): SourceLink[] {
  const unique = new Set(ids);
  return SOURCE_ORDER.filter((id) => unique.has(id))
    .map((id) => ({ id, title: renderer.text(`sources.${id}`), ...SOURCES[id] }))
    .sort((a, b) => Number(b.official) - Number(a.official));
}

export { documentIdsFor };
