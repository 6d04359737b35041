import type { PermitId } from './permits';
import type { TemplateValues } from './render';
import { RULES, RULES_REVIEWED_AT } from './rules';
import type { DocumentId, EntryTextId, FamilyPointId, NoteId, ReasonId } from './texts';

/**
 * The rule figure behind each `{placeholder}` of the texts, so no text repeats a number.
 * Facts (named `basis`) show nothing but bring their sources into the result.
 */
const { visitor, premium, occupation, retired, permanent, property, golden, family } = RULES;

export const PERMIT_SUMMARY_VALUES: Partial<Record<PermitId, TemplateValues>> = {
  premium_visa: { min: premium.minStay, max: premium.maxStay },
  occupation_permit_professional: { years: occupation.maxValidity },
  occupation_permit_short_term: { months: occupation.shortTermMax },
  occupation_permit_investor: { years: occupation.maxValidity },
  occupation_permit_self_employed: { years: occupation.maxValidity },
  young_professional_permit: { years: RULES.youngProfessional.maxValidity },
  retired_residence_permit: { years: retired.validity, age: retired.minAge },
  permanent_residence_permit: { validity: permanent.validity, years: permanent.yearsOnPermit },
  property_residence_permit: { amount: property.minimum },
  golden_visa: { amount: golden.investment, years: golden.validity },
};

export const REASON_VALUES: Partial<Record<ReasonId, TemplateValues>> = {
  longer_stay: { days: visitor.yearlyCap },
  over_180_days: { days: visitor.yearlyCap },
  within_180_days: { days: visitor.yearlyCap },
  property_residence: { amount: property.minimum },
  property_work: { amount: property.minimum, basis: property.coverage },
  golden_visa: { amount: golden.investment },
  retired_if_50: { age: retired.minAge, monthly: retired.monthlyTransfer, years: retired.validity },
  premium_if_under_50: { age: retired.minAge },
  prp_after_5_years: { years: permanent.yearsOnPermit, validity: permanent.validity },
  prp_needs_permit: { years: permanent.yearsOnPermit },
  prp_after_op: { years: permanent.yearsOnPermit },
  short_contract: { months: occupation.shortTermMax },
  business_trips: { days: RULES.business.yearlyCap },
  ypop_after_studies: { months: RULES.youngProfessional.applyWithin },
  premium_remote: { months: premium.minStay, basis: premium.foreignIncomeOnly },
};

export const NOTE_VALUES: Partial<Record<NoteId, TemplateValues>> = {
  remote_on_visitor: { months: premium.minStay, basis: visitor.noWork },
  premium_switch: { basis: premium.switchInCountry },
  retired_age: { age: retired.minAge },
};

export const ENTRY_VALUES: Record<EntryTextId, TemplateValues> = {
  visa_free: { days: visitor.maxStay, yearDays: visitor.yearlyCap },
  visa_on_arrival: { days: visitor.onArrivalStay },
  check_passport: {
    visaFree: visitor.visaFreeCountries,
    onArrival: visitor.onArrivalCountries,
    visaRequired: visitor.visaRequiredCountries,
    days: visitor.maxStay,
  },
  stamp_caveat: { days: visitor.stampMayShow },
  reunion_id_card: { nights: visitor.reunionMinNights, date: visitor.reunionIdCardUntil },
  eta: { basis: visitor.eta },
  visa_required_step: { ahead: RULES.entryVisa.applyAhead, processing: RULES.entryVisa.processing },
};

export const FAMILY_VALUES: Partial<Record<FamilyPointId, TemplateValues>> = {
  premium_budget: { amount: premium.incomePerDependant, age: premium.dependantMaxAge },
  dependants_occupation: { basis: family.dependants },
  dependants_retired: { age: family.childMaxAge, minAge: retired.minAge },
  child_age_limit: { age: family.childMaxAge },
  spouse_work: { basis: family.spouseWork },
  work_permit_family: { basis: family.workPermitFamily },
  student_case_by_case: { basis: RULES.student.dependants },
  student_parents: { basis: RULES.student.parentsPremium },
  permanent_family: { basis: permanent.validity },
  property_family: { basis: property.coverage },
  golden_family: { basis: golden.validity },
  partial_older_children: { age: family.childMaxAge },
};

export const DOCUMENT_VALUES: Partial<Record<DocumentId, TemplateValues>> = {
  visitor_funds: { amount: visitor.fundsPerDay },
  arrival_form: { basis: visitor.arrivalForm },
  extension_application: { months: RULES.extension.bankStatements },
  medical_tests: { basis: occupation.medicalTests },
  letters_of_intent: { letters: RULES.selfEmployed.lettersOfIntent, local: RULES.selfEmployed.localLetters },
  police_record: { years: retired.policeRecord },
};

export const DISCLAIMER_VALUES: TemplateValues = {
  date: { kind: 'date', value: RULES_REVIEWED_AT, sources: [], asOf: RULES_REVIEWED_AT, confidence: 'high' },
};
