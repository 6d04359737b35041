import type { SourceId } from './sources';
import type { DocumentId } from './texts';

export const PERMIT_IDS = [
  'visitor',
  'visitor_extension',
  'business_visitor',
  'premium_visa',
  'occupation_permit_professional',
  'occupation_permit_short_term',
  'occupation_permit_investor',
  'occupation_permit_self_employed',
  'young_professional_permit',
  'work_permit',
  'student_visa',
  'retired_residence_permit',
  'permanent_residence_permit',
  'property_residence_permit',
  'golden_visa',
] as const;

export type PermitId = (typeof PERMIT_IDS)[number];

/** How accompanying family members are covered; picks the family texts. */
export type FamilyKind = 'visitor' | 'premium' | 'occupation' | 'retired' | 'work_permit' | 'student' | 'permanent' | 'property' | 'golden';

export interface PermitInfo {
  family: FamilyKind;
  documents: readonly DocumentId[];
  /** Pages of the issuing authority, always listed with the recommendation. */
  officialSources: readonly SourceId[];
}

/** The PIO visa page is the official word on entry for every passport, so it is always cited. */
export const ENTRY_OFFICIAL_SOURCES: readonly SourceId[] = ['S2'];

const VISITOR_DOCUMENTS = ['passport', 'return_ticket', 'accommodation', 'visitor_funds', 'arrival_form'] as const;
const EMPLOYEE_DOCUMENTS = ['passport', 'employment_contract', 'employer_application', 'medical_tests'] as const;

export const PERMITS: Record<PermitId, PermitInfo> = {
  visitor: { family: 'visitor', documents: VISITOR_DOCUMENTS, officialSources: ['S2'] },
  visitor_extension: {
    family: 'visitor',
    documents: [...VISITOR_DOCUMENTS, 'extension_application'],
    officialSources: ['S2', 'S3'],
  },
  business_visitor: { family: 'visitor', documents: VISITOR_DOCUMENTS, officialSources: ['S2'] },
  premium_visa: {
    family: 'premium',
    documents: ['passport', 'return_ticket', 'accommodation', 'insurance', 'income_statements', 'premium_application'],
    officialSources: ['S9'],
  },
  occupation_permit_professional: {
    family: 'occupation',
    documents: EMPLOYEE_DOCUMENTS,
    officialSources: ['S36'],
  },
  occupation_permit_short_term: {
    family: 'occupation',
    documents: EMPLOYEE_DOCUMENTS,
    officialSources: ['S36'],
  },
  occupation_permit_investor: {
    family: 'occupation',
    documents: ['passport', 'company_documents', 'investment_funds', 'online_application', 'medical_tests'],
    officialSources: ['S16', 'S36'],
  },
  occupation_permit_self_employed: {
    family: 'occupation',
    documents: ['passport', 'investment_funds', 'letters_of_intent', 'online_application', 'medical_tests'],
    officialSources: ['S36'],
  },
  young_professional_permit: {
    family: 'occupation',
    documents: ['passport', 'mauritian_degree', ...EMPLOYEE_DOCUMENTS.slice(1)],
    officialSources: ['S17'],
  },
  work_permit: {
    family: 'work_permit',
    documents: ['passport', 'employment_contract', 'work_permit_application'],
    officialSources: ['S32'],
  },
  student_visa: {
    family: 'student',
    documents: ['passport', 'admission_letter', 'course_accreditation', 'photos', 'student_funds', 'student_medical'],
    officialSources: ['S29'],
  },
  retired_residence_permit: {
    family: 'retired',
    documents: ['passport', 'retired_funds', 'police_record', 'online_application'],
    officialSources: [],
  },
  permanent_residence_permit: {
    family: 'permanent',
    documents: ['passport', 'current_permit', 'threshold_proof'],
    officialSources: ['S22'],
  },
  property_residence_permit: {
    family: 'property',
    documents: ['passport', 'property_deed'],
    officialSources: ['S26'],
  },
  golden_visa: { family: 'golden', documents: ['passport', 'golden_undertaking'], officialSources: [] },
};
