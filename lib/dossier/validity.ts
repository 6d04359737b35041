import { RULES } from '@/lib/visa/rules';
import type { DocumentId } from '@/lib/visa/texts';

/**
 * What makes a document valid, per document of the visa engine. A rule carries the source and date
 * that state it (the engine's RULES, one source); a rule no dated or official source states is
 * `checked: false` and the pages mark it "à vérifier". Texts: Dossier.validity.<id> (five languages).
 */
export type ValidityRule =
  | { id: 'passport_first_year'; checked: false; months: 12 }
  | { id: 'police_recent'; checked: false; months: number }
  | { id: 'police_coverage'; checked: true; years: number; sources: readonly string[]; asOf: string | null }
  | { id: 'medical_after_approval'; checked: true; sources: readonly string[]; asOf: string | null }
  | { id: 'translation'; checked: false };

/** How long before submission a police certificate may have been issued: agency practice, no source found. */
export const POLICE_CERTIFICATE_MONTHS = 6;

const policeCoverage = RULES.retired.policeRecord;
const medical = RULES.occupation.medicalTests;

export const VALIDITY: Partial<Record<DocumentId, readonly ValidityRule[]>> = {
  passport: [{ id: 'passport_first_year', checked: false, months: 12 }],
  police_record: [
    { id: 'police_coverage', checked: true, years: policeCoverage.value, sources: policeCoverage.sources, asOf: policeCoverage.asOf },
    { id: 'police_recent', checked: false, months: POLICE_CERTIFICATE_MONTHS },
    { id: 'translation', checked: false },
  ],
  medical_tests: [{ id: 'medical_after_approval', checked: true, sources: medical.sources, asOf: medical.asOf }],
  employment_contract: [{ id: 'translation', checked: false }],
  mauritian_degree: [{ id: 'translation', checked: false }],
  income_statements: [{ id: 'translation', checked: false }],
  retired_funds: [{ id: 'translation', checked: false }],
};

export const validityOf = (documentId: string | null): readonly ValidityRule[] => (documentId ? (VALIDITY[documentId as DocumentId] ?? []) : []);

/** Documents whose expiry date the operator records (the passport; the police certificate's issue date). */
export const DATED_DOCUMENTS: Partial<Record<DocumentId, 'expires' | 'issued'>> = { passport: 'expires', police_record: 'issued' };
