import type { VisaLocale } from '../schema';
import { de } from './de';
import { deDetails } from './de-details';
import { en } from './en';
import { enDetails } from './en-details';
import { es } from './es';
import { esDetails } from './es-details';
import { fr, type VisaCoreTexts } from './fr';
import { frDetails, type VisaDetailTexts } from './fr-details';
import { it } from './it';
import { itDetails } from './it-details';

export type VisaTexts = VisaCoreTexts & VisaDetailTexts;

export const VISA_TEXTS: Record<VisaLocale, VisaTexts> = {
  fr: { ...fr, ...frDetails },
  en: { ...en, ...enDetails },
  es: { ...es, ...esDetails },
  de: { ...de, ...deDetails },
  it: { ...it, ...itDetails },
};
