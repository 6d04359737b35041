import type { Confidence } from '@/lib/visa';
import type { EvidenceMarker } from '@/lib/visa/evidence';
import type { LocalizedItem, PermitSummary, SourceLink } from '@/lib/visa/types';
import type { VisaInput, VisaLocale } from '@/lib/visa/schema';
import type { SourceId } from '@/lib/visa/sources';

export type PlanPhase = 'before' | 'arrival' | 'settling';

/** `between` is a window (file between the safe date and the last date a fast answer allows). */
export interface PlanDate {
  kind: 'on' | 'by' | 'between' | 'from' | 'undated';
  from: string | null;
  to: string | null;
}

export interface PlanEvidence {
  sourceIds: SourceId[];
  asOf: string | null;
  /** null when no source in our data covers the step: the plan says so instead of grading it. */
  confidence: Confidence | null;
  marker: EvidenceMarker | null;
}

export interface PlanStep extends PlanEvidence {
  id: string;
  phase: PlanPhase;
  title: string;
  text: string;
  needs: string[];
  cost: string;
  date: PlanDate;
  dateText: string;
  /** False when the chosen arrival leaves too little time for this step. */
  fits: boolean;
  fitNote: string | null;
  /** A deadline: the calendar file adds a reminder before it. */
  deadline: boolean;
}

export interface PlanFee extends PlanEvidence {
  id: string;
  text: string;
}

export interface VisaPlan {
  locale: VisaLocale;
  input: VisaInput;
  permit: PermitSummary;
  today: string;
  arrival: string | null;
  /** Earliest arrival if filed on the next working day and processing takes the longest reported time. */
  proposedArrival: string | null;
  steps: PlanStep[];
  /** Titles of the steps that cannot fit before the chosen arrival. */
  unfit: string[];
  documents: LocalizedItem[];
  fees: PlanFee[];
  /** Calculated (not yet confirmed) holidays that fall inside the plan's dated steps. */
  calculatedHolidays: { date: string; name: string }[];
  sources: SourceLink[];
  reviewedAt: string;
  disclaimer: string;
}
