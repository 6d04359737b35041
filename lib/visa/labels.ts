import type { VisaLocale } from './schema';
import { VISA_TEXTS, type VisaTexts } from './texts';

/** Localised labels of the form's options, keyed by the French option value sent to the engine. */
export function getVisaOptionLabels({ locale }: { locale: VisaLocale }): VisaTexts['options'] {
  return VISA_TEXTS[locale].options;
}

/** Localised name of every permit, e.g. for a legend or an admin view. */
export function getPermitNames({ locale }: { locale: VisaLocale }): Record<keyof VisaTexts['permits'], string> {
  const permits = VISA_TEXTS[locale].permits;
  return Object.fromEntries(Object.entries(permits).map(([id, text]) => [id, text.name])) as Record<
    keyof VisaTexts['permits'],
    string
  >;
}
