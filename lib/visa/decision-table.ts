import type { PermitId } from './permits';
import type { Duration, WorkContext } from './schema';
import type { NoteId, ReasonId } from './texts';

/** Who the stay is for: the work answer, refined by the work context when work is "Oui". */
export type Track = 'no_work' | 'retired' | 'student' | WorkContext;

export interface Option {
  permit: PermitId;
  reason: ReasonId;
}

export interface Decision {
  recommended: PermitId;
  alternatives: readonly Option[];
  /** Permits reachable later from the recommended one (e.g. permanent residence). */
  nextSteps: readonly Option[];
  notes: readonly NoteId[];
}

const pick = (permit: PermitId, reason: ReasonId): Option => ({ permit, reason });
const row = (recommended: PermitId, alternatives: readonly Option[] = [], nextSteps: readonly Option[] = [], notes: readonly NoteId[] = []): Decision => ({
  recommended,
  alternatives,
  nextSteps,
  notes,
});

const longerStay = pick('visitor_extension', 'longer_stay');
const over180 = pick('premium_visa', 'over_180_days');
const within180 = pick('visitor_extension', 'within_180_days');
const premiumRenewal = pick('premium_visa', 'premium_renewal');
const property = pick('property_residence_permit', 'property_residence');
const propertyWork = pick('property_residence_permit', 'property_work');
const golden = pick('golden_visa', 'golden_visa');
const prpLater = pick('permanent_residence_permit', 'prp_after_5_years');
const prpNeedsPermit = pick('permanent_residence_permit', 'prp_needs_permit');
const workPermit = pick('work_permit', 'work_permit_below_floor');
const ypop = pick('young_professional_permit', 'ypop_local_graduate');
const selfEmployed = pick('occupation_permit_self_employed', 'self_employed_services');
const businessTrips = pick('business_visitor', 'business_trips');
const premiumRemote = pick('premium_visa', 'premium_remote');

/** Shared reference §11 "Suggested decision table", one row per track and duration. */
export const DECISION_TABLE: Record<Track, Record<Duration, Decision>> = {
  no_work: {
    'Moins de 3 mois': row('visitor', [longerStay]),
    '3-6 mois': row('visitor_extension', [over180]),
    '6-12 mois': row('premium_visa', [within180]),
    '1-2 ans': row('premium_visa', [property]),
    '2-5 ans': row('property_residence_permit', [premiumRenewal]),
    'Plus de 5 ans': row('property_residence_permit', [premiumRenewal, golden, prpNeedsPermit]),
    'Résidence permanente': row('property_residence_permit', [prpNeedsPermit, golden, premiumRenewal]),
  },
  retired: {
    'Moins de 3 mois': row('visitor', [longerStay]),
    '3-6 mois': row('visitor_extension', [over180]),
    '6-12 mois': row('premium_visa', [pick('retired_residence_permit', 'retired_if_50')]),
    '1-2 ans': row('retired_residence_permit', [pick('premium_visa', 'premium_if_under_50'), property], [], ['retired_age']),
    '2-5 ans': row('retired_residence_permit', [property, pick('premium_visa', 'premium_if_under_50')], [], ['retired_age']),
    'Plus de 5 ans': row('retired_residence_permit', [property], [prpLater], ['retired_age']),
    'Résidence permanente': row('retired_residence_permit', [property], [prpLater], ['retired_age']),
  },
  student: {
    'Moins de 3 mois': row('student_visa', [], [], ['student_before_travel']),
    '3-6 mois': row('student_visa', [], [], ['student_before_travel']),
    '6-12 mois': row('student_visa', [], [], ['student_before_travel']),
    '1-2 ans': row('student_visa', [], [pick('young_professional_permit', 'ypop_after_studies')]),
    '2-5 ans': row('student_visa', [], [pick('young_professional_permit', 'ypop_after_studies')]),
    'Plus de 5 ans': row('student_visa', [], [pick('young_professional_permit', 'ypop_after_studies'), pick('permanent_residence_permit', 'prp_after_op')]),
    'Résidence permanente': row(
      'student_visa',
      [property],
      [pick('young_professional_permit', 'ypop_after_studies'), pick('permanent_residence_permit', 'prp_after_op')],
    ),
  },
  local_employer: {
    'Moins de 3 mois': row('occupation_permit_short_term', [workPermit, businessTrips]),
    '3-6 mois': row('occupation_permit_short_term', [workPermit]),
    '6-12 mois': row('occupation_permit_professional', [pick('occupation_permit_short_term', 'short_contract'), workPermit]),
    '1-2 ans': row('occupation_permit_professional', [workPermit, ypop]),
    '2-5 ans': row('occupation_permit_professional', [workPermit, ypop, propertyWork]),
    'Plus de 5 ans': row('occupation_permit_professional', [propertyWork, workPermit], [prpLater]),
    'Résidence permanente': row('occupation_permit_professional', [propertyWork, golden], [prpLater]),
  },
  own_business: {
    'Moins de 3 mois': row('business_visitor', [pick('occupation_permit_investor', 'investor_company'), selfEmployed]),
    '3-6 mois': row('occupation_permit_investor', [selfEmployed, businessTrips]),
    '6-12 mois': row('occupation_permit_investor', [selfEmployed]),
    '1-2 ans': row('occupation_permit_investor', [selfEmployed]),
    '2-5 ans': row('occupation_permit_investor', [selfEmployed, propertyWork]),
    'Plus de 5 ans': row('occupation_permit_investor', [selfEmployed, propertyWork], [prpLater]),
    'Résidence permanente': row('occupation_permit_investor', [selfEmployed, propertyWork, golden], [prpLater]),
  },
  remote_foreign: {
    'Moins de 3 mois': row('visitor', [premiumRemote], [], ['remote_on_visitor']),
    '3-6 mois': row('visitor_extension', [premiumRemote], [], ['remote_on_visitor']),
    '6-12 mois': row('premium_visa', [within180]),
    '1-2 ans': row('premium_visa', [propertyWork]),
    '2-5 ans': row('premium_visa', [propertyWork]),
    'Plus de 5 ans': row('property_residence_permit', [premiumRenewal, golden, prpNeedsPermit]),
    'Résidence permanente': row('property_residence_permit', [prpNeedsPermit, golden, premiumRenewal]),
  },
};

/** Assumed when work is "Oui" without a context: a job with a Mauritian employer is the common case. */
export const DEFAULT_WORK_CONTEXT = 'local_employer' satisfies WorkContext;

/** Why another context's recommendation is offered when the visitor did not say how they work. */
export const CONTEXT_REASONS: Record<Exclude<WorkContext, typeof DEFAULT_WORK_CONTEXT>, ReasonId> = {
  own_business: 'if_own_business',
  remote_foreign: 'if_remote',
};
