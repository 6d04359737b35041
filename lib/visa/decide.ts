import type { PrpCategory } from './conditions';
import { CONTEXT_REASONS, DECISION_TABLE, DEFAULT_WORK_CONTEXT, type Decision, type Option, type Track } from './decision-table';
import { PREMIUM_LIST_UNVERIFIED } from './rules';
import type { NoteId } from './texts';
import type { ResolvedInput } from './types';

function trackOf(input: ResolvedInput): Track {
  switch (input.workStatus) {
    case 'Non':
      return 'no_work';
    case 'Retraité':
      return 'retired';
    case 'Étudiant':
      return 'student';
    case 'Oui':
      return input.workContext ?? DEFAULT_WORK_CONTEXT;
  }
}

function uniqueOptions(options: readonly Option[], recommended: Option['permit']): Option[] {
  const seen = new Set([recommended]);
  return options.filter((option) => !seen.has(option.permit) && seen.add(option.permit));
}

/** Without a work context the default context leads; each other context's answer is an alternative. */
function decideWithoutContext(input: ResolvedInput): Decision {
  const base = DECISION_TABLE[DEFAULT_WORK_CONTEXT][input.duration];
  const others = Object.entries(CONTEXT_REASONS).map(([context, reason]) => ({
    permit: DECISION_TABLE[context as keyof typeof CONTEXT_REASONS][input.duration].recommended,
    reason,
  }));
  return {
    ...base,
    alternatives: [...others, ...base.alternatives],
    notes: [...base.notes, 'work_context_missing'],
  };
}

export function decide(input: ResolvedInput): Decision {
  const missingContext = input.workStatus === 'Oui' && input.workContext === null;
  const decision = missingContext ? decideWithoutContext(input) : DECISION_TABLE[trackOf(input)][input.duration];
  const alternatives = uniqueOptions(decision.alternatives, decision.recommended);
  const nextSteps = uniqueOptions(decision.nextSteps, decision.recommended);
  const offered = [decision.recommended, ...alternatives.map((option) => option.permit)];
  const notes: NoteId[] = [...decision.notes];
  if (offered.includes('premium_visa') && PREMIUM_LIST_UNVERIFIED.includes(input.nationality)) {
    notes.push('premium_apply_in_country');
  }
  if (decision.recommended === 'premium_visa' && input.workStatus !== 'Non') notes.push('premium_switch');
  return { recommended: decision.recommended, alternatives, nextSteps, notes };
}

const PRP_CATEGORIES: Record<Track, readonly PrpCategory[]> = {
  no_work: ['retired', 'professional', 'investor', 'self_employed'],
  retired: ['retired'],
  student: ['professional'],
  local_employer: ['professional'],
  own_business: ['investor', 'self_employed'],
  remote_foreign: ['professional', 'investor', 'self_employed'],
};

/** The permanent-residence thresholds worth showing for this visitor. */
export function getPrpCategories(input: ResolvedInput): readonly PrpCategory[] {
  if (input.workStatus === 'Oui' && input.workContext === null) return ['professional', 'investor', 'self_employed'];
  return PRP_CATEGORIES[trackOf(input)];
}
