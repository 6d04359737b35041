export const QUESTION_FIELDS = ['nationality', 'duration', 'work_status', 'work_context', 'family'] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];
export type Answers = Record<QuestionField, string>;

export const EMPTY_ANSWERS: Answers = { nationality: '', duration: '', work_status: '', work_context: '', family: '' };
export const REQUIRED_FIELDS: readonly QuestionField[] = ['nationality', 'duration', 'work_status'];

export interface Question {
  field: QuestionField;
  label: string;
  required: boolean;
  options: { value: string; label: string }[];
}

export interface VisaEmailTexts {
  title: string;
  label: string;
  send: string;
  sending: string;
  successTitle: string;
  success: string;
  savedTitle: string;
  saved: string;
  invalid: string;
  limitRecipient: string;
  limitSite: string;
  rateLimited: string;
  errorTitle: string;
  error: string;
}

export interface VisaFinderTexts {
  email: VisaEmailTexts;
  askAdvisor: string;
  advisorMessage: string;
  /** "Mon plan d'installation": the result's plan page (VisaPlan.openPlan). */
  openPlan: string;
  formTitle: string;
  optional: string;
  choose: string;
  required: string;
  submit: string;
  loading: string;
  reset: string;
  errorTitle: string;
  errorRequired: string;
  errorFetch: string;
  errorRateLimited: string;
  fieldRequired: string;
  result: {
    title: string;
    empty: string;
    recommended: string;
    entry: string;
    conditions: string;
    family: string;
    documents: string;
    processing: string;
    alternatives: string;
    nextSteps: string;
    notes: string;
    sources: string;
    sourcesOfficial: string;
    sourcesSecondary: string;
    sourceUndated: string;
    sourceDated: string;
    markerLow: string;
    markerSingle: string;
    markerConflict: string;
    markerLegend: string;
    conditionSources: string;
    reviewed: string;
    planCall: string;
    newTab: string;
    share: string;
  };
}

/** Answers read from a shared URL, keeping only known values. */
/** Values once offered as a nationality, read from an old shared URL as the nationality they stand for. */
export const NATIONALITY_ALIASES: Readonly<Record<string, string>> = { Réunion: 'France' };

export function answersFromSearch(search: string, questions: Question[]): Answers {
  const params = new URLSearchParams(search);
  const answers = { ...EMPTY_ANSWERS };
  for (const question of questions) {
    const raw = params.get(question.field) ?? '';
    const value = question.field === 'nationality' ? (NATIONALITY_ALIASES[raw] ?? raw) : raw;
    if (question.options.some((option) => option.value === value)) answers[question.field] = value;
  }
  return answers;
}

export function answersToSearch(answers: Answers): string {
  const params = new URLSearchParams();
  for (const field of QUESTION_FIELDS) {
    if (answers[field] && (field !== 'work_context' || answers.work_status === 'Oui')) params.set(field, answers[field]);
  }
  return params.toString();
}
