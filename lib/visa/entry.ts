import { mergeEvidence, type Renderer } from './render';
import { ENTRY_GROUPS, ID_CARD_ENTRY, RULES, type Fact } from './rules';
import { getEntryGroup, type EntryGroup } from './entry-group';
import type { Nationality } from './schema';
import { ENTRY_VALUES } from './text-values';
import type { EntryTextId } from './texts';
import type { EntryInfo, EntryRegime } from './types';

const REGIMES: Record<EntryGroup, EntryRegime> = {
  visaFree: 'visa_free',
  visaFreeStampCaveat: 'visa_free',
  visaOnArrival: 'visa_on_arrival',
  checkPassport: 'check_passport',
};

const REGIME_TEXTS: Record<EntryRegime, EntryTextId> = {
  visa_free: 'visa_free',
  visa_on_arrival: 'visa_on_arrival',
  check_passport: 'check_passport',
};

function entryNoteIds(group: EntryGroup, nationality: Nationality): EntryTextId[] {
  const notes: EntryTextId[] = [];
  if (group === 'visaFreeStampCaveat') notes.push('stamp_caveat');
  if (ID_CARD_ENTRY.includes(nationality)) notes.push('reunion_id_card');
  if (group === 'checkPassport') notes.push('visa_required_step');
  if (group !== 'visaOnArrival') notes.push('eta');
  return notes;
}

function maxStayOf(regime: EntryRegime): number | null {
  if (regime === 'visa_free') return RULES.visitor.maxStay.value;
  if (regime === 'visa_on_arrival') return RULES.visitor.onArrivalStay.value;
  return null;
}

export function describeEntry({ nationality, renderer }: { nationality: Nationality; renderer: Renderer }): EntryInfo {
  const group = getEntryGroup(nationality);
  const { sources, asOf, confidence } = ENTRY_GROUPS[group];
  const groupEvidence: Fact = { kind: 'fact', sources, asOf, confidence };
  const regime = REGIMES[group];
  const textId = REGIME_TEXTS[regime];
  const noteIds = entryNoteIds(group, nationality);
  const notes = noteIds.map((id) => renderer.item(id, `entry.${id}`, ENTRY_VALUES[id]));
  const mainValues = [groupEvidence, ...Object.values(ENTRY_VALUES[textId])];
  const noteValues = noteIds.flatMap((id) => Object.values(ENTRY_VALUES[id]));
  return {
    regime,
    maxStayDays: maxStayOf(regime),
    stampMayShowDays: group === 'visaFreeStampCaveat' ? RULES.visitor.stampMayShow.value : null,
    yearlyCapDays: RULES.visitor.yearlyCap.value,
    text: renderer.text(`entry.${textId}`, ENTRY_VALUES[textId]),
    notes,
    confidence: mergeEvidence(mainValues).confidence,
    sourceIds: mergeEvidence([...mainValues, ...noteValues]).sourceIds,
  };
}

export { getEntryGroup, type EntryGroup };
