import type { PermitId } from './permits';
import type { Confidence, Currency, Period, Unit } from './rules';
import type { Duration, FamilyAnswer, Nationality, VisaLocale, WorkContext, WorkStatus } from './schema';
import type { SourceId } from './sources';

/** A localised line with a stable id the UI can key on. */
export interface LocalizedItem {
  id: string;
  text: string;
}

export interface MoneyAmount {
  amount: number;
  currency: Currency;
  per: Period;
}

export interface DurationValue {
  value: number;
  unit: Exclude<Unit, 'percent'>;
}

export type EntryRegime = 'visa_free' | 'visa_on_arrival' | 'check_passport';

export interface EntryInfo {
  regime: EntryRegime;
  /** Longest stay per entry; null when it depends on the passport. */
  maxStayDays: number | null;
  /** Shorter figure some official pages give for the entry stamp (60 vs 90 days). */
  stampMayShowDays: number | null;
  yearlyCapDays: number;
  text: string;
  notes: LocalizedItem[];
  confidence: Confidence;
  sourceIds: SourceId[];
}

export interface PermitSummary {
  id: PermitId;
  name: string;
  summary: string;
}

export interface PermitOption {
  id: PermitId;
  name: string;
  why: string;
}

export interface VisaCondition {
  id: string;
  permitId: PermitId;
  text: string;
  amounts: MoneyAmount[];
  /** Non-money figures of the condition by placeholder name, e.g. `{ age: 50 }`. */
  figures: Record<string, number>;
  confidence: Confidence;
  sourceIds: SourceId[];
  asOf: string | null;
  /** What a dissenting source says, when one does (its sources are in the result's list). */
  conflict: string | null;
}

export interface FamilyInfo {
  answer: FamilyAnswer | null;
  text: string;
  points: LocalizedItem[];
}

export interface ProcessingTime {
  kind: 'on_arrival' | 'range' | 'up_to' | 'unpublished';
  text: string;
  min: DurationValue | null;
  max: DurationValue | null;
  confidence: Confidence | null;
}

export interface SourceLink {
  id: SourceId;
  title: string;
  url: string;
  asOf: string | null;
  official: boolean;
}

/** The answers used: `workContext` is null unless work is "Oui"; `family` null when unanswered. */
export interface ResolvedInput {
  nationality: Nationality;
  duration: Duration;
  workStatus: WorkStatus;
  workContext: WorkContext | null;
  family: FamilyAnswer | null;
}

export interface VisaRecommendation {
  locale: VisaLocale;
  input: ResolvedInput;
  entry: EntryInfo;
  recommended: PermitSummary;
  alternatives: PermitOption[];
  nextSteps: PermitOption[];
  conditions: VisaCondition[];
  family: FamilyInfo;
  documents: LocalizedItem[];
  processingTime: ProcessingTime;
  notes: LocalizedItem[];
  sources: SourceLink[];
  reviewedAt: string;
  disclaimer: string;
}

export interface PermitDetails {
  permit: PermitSummary;
  conditions: VisaCondition[];
  family: FamilyInfo;
  documents: LocalizedItem[];
  processingTime: ProcessingTime;
  sources: SourceLink[];
}
