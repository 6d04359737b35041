import type { FamilyKind } from './permits';
import type { FamilyAnswer } from './schema';
import type { FamilyPointId } from './texts';

const POINTS_BY_KIND: Record<FamilyKind, readonly FamilyPointId[]> = {
  visitor: ['visitor_each'],
  premium: ['premium_each', 'premium_budget'],
  occupation: ['dependants_occupation', 'child_age_limit', 'spouse_work'],
  retired: ['dependants_retired', 'child_age_limit'],
  work_permit: ['work_permit_family'],
  student: ['student_case_by_case', 'student_parents'],
  permanent: ['permanent_family'],
  property: ['property_family'],
  golden: ['golden_family'],
};

const DEPENDANT_RULES: readonly FamilyPointId[] = ['partial_join', 'partial_spouse_job', 'partial_older_children'];

/**
 * Extra points when only part of the family comes; only where relatives join as dependants of
 * the holder. A property-based permit already lets the spouse work, so that point is left out.
 */
const PARTIAL_POINTS: Partial<Record<FamilyKind, readonly FamilyPointId[]>> = {
  occupation: DEPENDANT_RULES,
  retired: DEPENDANT_RULES,
  work_permit: DEPENDANT_RULES,
  permanent: DEPENDANT_RULES,
  property: ['partial_join', 'partial_older_children'],
};

/** An unanswered family question gets the "Oui" points, introduced as conditional. */
export function getFamilyPointIds({ kind, answer }: { kind: FamilyKind; answer: FamilyAnswer | null }): readonly FamilyPointId[] {
  if (answer === 'Non') return ['join_later'];
  if (answer === 'Partiellement') return [...POINTS_BY_KIND[kind], ...(PARTIAL_POINTS[kind] ?? [])];
  return POINTS_BY_KIND[kind];
}
