import { DURATIONS, FAMILY_ANSWERS, NATIONALITIES, WORK_CONTEXTS, WORK_STATUSES, type Nationality, type VisaInput, type VisaRecommendation } from '@/lib/visa';

/** Every answer combination for one nationality: work "Oui" with each context and without one. */
export function inputsFor(nationality: Nationality): VisaInput[] {
  const inputs: VisaInput[] = [];
  for (const duration of DURATIONS) {
    for (const workStatus of WORK_STATUSES) {
      const contexts = workStatus === 'Oui' ? [...WORK_CONTEXTS, undefined] : [undefined];
      for (const workContext of contexts) {
        for (const family of [...FAMILY_ANSWERS, undefined]) {
          inputs.push({ nationality, duration, workStatus, workContext, family });
        }
      }
    }
  }
  return inputs;
}

export function allInputs(): VisaInput[] {
  return NATIONALITIES.flatMap(inputsFor);
}

/** Every human-readable string of a result, i.e. everything that must be translated. */
export function collectTexts(result: VisaRecommendation): string[] {
  return [
    result.entry.text,
    ...result.entry.notes.map((note) => note.text),
    result.recommended.name,
    result.recommended.summary,
    ...[...result.alternatives, ...result.nextSteps].flatMap((option) => [option.name, option.why]),
    ...result.conditions.map((condition) => condition.text),
    result.family.text,
    ...result.family.points.map((point) => point.text),
    ...result.documents.map((document) => document.text),
    result.processingTime.text,
    ...result.notes.map((note) => note.text),
    ...result.sources.map((source) => source.title),
    result.disclaimer,
  ];
}
