import { PERMIT_IDS, type PermitId } from './permits';
import {
  DURATIONS,
  FAMILY_ANSWERS,
  NATIONALITIES,
  WORK_CONTEXTS,
  WORK_STATUSES,
  type Duration,
  type FamilyAnswer,
  type Nationality,
  type VisaLocale,
  type WorkContext,
  type WorkStatus,
} from './schema';
import { visaIntl } from './texts';

export interface VisaOptionLabels {
  nationalities: Record<Nationality, string>;
  durations: Record<Duration, string>;
  workStatuses: Record<WorkStatus, string>;
  familyAnswers: Record<FamilyAnswer, string>;
  workContexts: Record<WorkContext, string>;
}

const labelsOf = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  Object.fromEntries(values.map((value) => [value, label(value)])) as Record<T, string>;

/** Localised labels of the form's options, keyed by the French option value sent to the engine. */
export function getVisaOptionLabels({ locale }: { locale: VisaLocale }): VisaOptionLabels {
  const { t } = visaIntl(locale);
  return {
    nationalities: labelsOf(NATIONALITIES, (value) => t(`options.nationalities.${value}`)),
    durations: labelsOf(DURATIONS, (value) => t(`options.durations.${value}`)),
    workStatuses: labelsOf(WORK_STATUSES, (value) => t(`options.workStatuses.${value}`)),
    familyAnswers: labelsOf(FAMILY_ANSWERS, (value) => t(`options.familyAnswers.${value}`)),
    workContexts: labelsOf(WORK_CONTEXTS, (value) => t(`options.workContexts.${value}`)),
  };
}

/** Localised name of every permit, e.g. for a legend or an admin view. */
export function getPermitNames({ locale }: { locale: VisaLocale }): Record<PermitId, string> {
  const { t } = visaIntl(locale);
  return labelsOf(PERMIT_IDS, (id) => t(`permits.${id}.name`));
}
