import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/routing';

/** The visa-finder answers, exactly as the French form offers them (product spec §9). */
export const NATIONALITIES = [
  'France',
  'Belgique',
  'Suisse',
  'Canada',
  'Allemagne',
  'Royaume-Uni',
  'Italie',
  'Espagne',
  'Pays-Bas',
  'Portugal',
  'Australie',
  'Nouvelle-Zélande',
  'États-Unis',
  'Afrique du Sud',
  'Madagascar',
  'Réunion',
  'Autre',
] as const;

export const DURATIONS = ['Moins de 3 mois', '3-6 mois', '6-12 mois', '1-2 ans', '2-5 ans', 'Plus de 5 ans', 'Résidence permanente'] as const;

export const WORK_STATUSES = ['Oui', 'Non', 'Retraité', 'Étudiant'] as const;

export const FAMILY_ANSWERS = ['Oui', 'Non', 'Partiellement'] as const;

/** Follow-up question asked only when the work answer is "Oui". */
export const WORK_CONTEXTS = ['local_employer', 'own_business', 'remote_foreign'] as const;

export const nationalitySchema = z.enum(NATIONALITIES);
export const durationSchema = z.enum(DURATIONS);
export const workStatusSchema = z.enum(WORK_STATUSES);
export const familyAnswerSchema = z.enum(FAMILY_ANSWERS);
export const workContextSchema = z.enum(WORK_CONTEXTS);
export const visaLocaleSchema = z.enum(LOCALES);

/**
 * `workContext` is only read when `workStatus` is "Oui"; a stale value left by the form for
 * another answer is ignored rather than rejected.
 */
export const visaInputSchema = z.object({
  nationality: nationalitySchema,
  duration: durationSchema,
  workStatus: workStatusSchema,
  workContext: workContextSchema.optional(),
  family: familyAnswerSchema.optional(),
});

export type Nationality = z.infer<typeof nationalitySchema>;
export type Duration = z.infer<typeof durationSchema>;
export type WorkStatus = z.infer<typeof workStatusSchema>;
export type FamilyAnswer = z.infer<typeof familyAnswerSchema>;
export type WorkContext = z.infer<typeof workContextSchema>;
export type VisaLocale = z.infer<typeof visaLocaleSchema>;
export type VisaInput = z.infer<typeof visaInputSchema>;
