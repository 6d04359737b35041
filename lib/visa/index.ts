export { recommendVisa } from './recommend';
export { getPermitDetails } from './details';
export { getPermitNames, getVisaOptionLabels } from './labels';
export {
  DURATIONS,
  FAMILY_ANSWERS,
  NATIONALITIES,
  WORK_CONTEXTS,
  WORK_STATUSES,
  durationSchema,
  familyAnswerSchema,
  nationalitySchema,
  visaInputSchema,
  visaLocaleSchema,
  workContextSchema,
  workStatusSchema,
} from './schema';
export type { Duration, FamilyAnswer, Nationality, VisaInput, VisaLocale, WorkContext, WorkStatus } from './schema';
export { PERMIT_IDS, type PermitId } from './permits';
export { RULES, RULES_REVIEWED_AT, type Confidence, type Currency } from './rules';
export type { SourceId } from './sources';
export type * from './types';
export { describeDocument, getPermitDocuments, isDocumentId, type DocumentId, type PermitDocument } from './documents';
