import type { PermitId } from './permits';
import type { Nationality } from './schema';
import type { SourceId } from './sources';

/**
 * Every figure the visa finder uses, with its sources, the date they state and a confidence
 * grade copied from shared/reference/mauritius-permits.md. A rule change is an edit here.
 * Where sources conflict, the figure shown is the best-supported one; the other is kept as a
 * low-confidence figure so the texts can flag it.
 */
export const RULES_REVIEWED_AT = '2026-11-21';

export type Confidence = 'high' | 'medium' | 'low';
export type Currency = 'USD' | 'EUR' | 'MUR';
export type Period = 'once' | 'day' | 'month' | 'year' | 'total';
export type Unit = 'working_days' | 'days' | 'weeks' | 'months' | 'years' | 'hours' | 'percent';

export interface Evidence {
  sources: readonly SourceId[];
  /** Newest date stated by those sources (ISO, maybe month or year precision); null if undated. */
  asOf: string | null;
  confidence: Confidence;
}
export interface Amount extends Evidence {
  kind: 'amount';
  amount: number;
  currency: Currency;
  per: Period;
}
export interface Quantity extends Evidence {
  kind: 'quantity';
  value: number;
  unit: Unit | null;
}
export interface DateFigure extends Evidence {
  kind: 'date';
  value: string;
}
export interface Fact extends Evidence {
  kind: 'fact';
}
export type RuleValue = Amount | Quantity | DateFigure | Fact;

const ev = (sources: readonly SourceId[], asOf: string | null, confidence: Confidence): Evidence => ({
  sources,
  asOf,
  confidence,
});
const money =
  (currency: Currency) =>
  (amount: number, per: Period, evidence: Evidence): Amount => ({ kind: 'amount', amount, currency, per, ...evidence });
const usd = money('USD');
const mur = money('MUR');
const qty = (value: number, unit: Unit | null, evidence: Evidence): Quantity => ({
  kind: 'quantity',
  value,
  unit,
  ...evidence,
});
const on = (value: string, evidence: Evidence): DateFigure => ({ kind: 'date', value, ...evidence });
const fact = (evidence: Evidence): Fact => ({ kind: 'fact', ...evidence });

export const ENTRY_GROUPS = {
  visaFree: {
    nationalities: ['France', 'Belgique', 'Allemagne', 'Italie', 'Espagne', 'Pays-Bas', 'Portugal', 'Réunion'],
    ...ev(['S1', 'S2'], '2025-12-24', 'high'),
  },
  /** Visa-free for 90 days per [S1], but UK and US government pages say the stamp reads 60. */
  visaFreeStampCaveat: {
    nationalities: ['Suisse', 'Royaume-Uni', 'Canada', 'Australie', 'Nouvelle-Zélande', 'États-Unis', 'Afrique du Sud'],
    ...ev(['S1', 'S6', 'S7'], '2025-12-24', 'medium'),
  },
  visaOnArrival: { nationalities: ['Madagascar'], ...ev(['S1'], '2025-12-24', 'medium') },
  checkPassport: { nationalities: ['Autre'], ...ev(['S1', 'S2'], '2025-12-24', 'medium') },
} as const satisfies Record<string, Evidence & { nationalities: readonly Nationality[] }>;

/** Nationalities whose Premium Visa eligibility from abroad we could not verify. */
export const PREMIUM_LIST_UNVERIFIED: readonly Nationality[] = ['Madagascar', 'Autre'];
/** French residents of Réunion could enter with their ID card only, until `reunionIdCardUntil`. */
export const ID_CARD_ENTRY: readonly Nationality[] = ['Réunion'];

export const RULES = {
  visitor: {
    maxStay: qty(90, 'days', ev(['S1'], '2025-12-24', 'high')),
    stampMayShow: qty(60, 'days', ev(['S6', 'S7'], '2022-02-18', 'medium')),
    onArrivalStay: qty(60, 'days', ev(['S4'], null, 'low')),
    yearlyCap: qty(180, 'days', ev(['S2', 'S4', 'S5'], '2024-06-28', 'high')),
    fundsPerDay: usd(100, 'day', ev(['S4'], null, 'medium')),
    noWork: fact(ev(['S5'], '2024-06-28', 'high')),
    arrivalForm: fact(ev(['S7'], null, 'medium')),
    eta: fact(ev(['S35', 'S12'], '2026-09-12', 'medium')),
    reunionIdCardUntil: on('2026-06-30', ev(['S8'], null, 'medium')),
    reunionMinNights: qty(2, null, ev(['S8'], null, 'medium')),
    visaFreeCountries: qty(113, null, ev(['S1'], '2025-12-24', 'medium')),
    onArrivalCountries: qty(69, null, ev(['S1'], '2025-12-24', 'medium')),
    visaRequiredCountries: qty(16, null, ev(['S1'], '2025-12-24', 'medium')),
  },
  extension: {
    free: fact(ev(['S3'], null, 'high')),
    bankStatements: qty(3, 'months', ev(['S3'], null, 'high')),
  },
  business: {
    yearlyCap: qty(120, 'days', ev(['S2', 'S4', 'S5'], '2024-06-28', 'high')),
    tripMax: qty(90, 'days', ev(['S2', 'S4', 'S5'], '2024-06-28', 'high')),
  },
  entryVisa: {
    applyAhead: qty(1, 'months', ev(['S2b'], null, 'high')),
    processing: qty(5, 'working_days', ev(['S2b'], null, 'high')),
  },
  premium: {
    minStay: qty(6, 'months', ev(['S9', 'S11'], '2023-01-06', 'high')),
    maxStay: qty(1, 'years', ev(['S9', 'S11'], '2023-01-06', 'high')),
    incomePerAdult: usd(1500, 'month', ev(['S10', 'S12'], '2026-09-12', 'medium')),
    incomePerDependant: usd(500, 'month', ev(['S10'], '2020-11-30', 'medium')),
    dependantMaxAge: qty(24, null, ev(['S10'], '2020-11-30', 'medium')),
    free: fact(ev(['S10', 'S11'], '2023-01-06', 'high')),
    foreignIncomeOnly: fact(ev(['S9'], null, 'high')),
    switchInCountry: fact(ev(['S5b', 'S12'], '2026-09-12', 'medium')),
    onlineApplication: fact(ev(['S9', 'S10', 'S11'], '2023-01-06', 'high')),
  },
  occupation: {
    proPassSalary: mur(30_000, 'month', ev(['S13', 'S20'], '2025-10-15', 'medium')),
    expertPassSalary: mur(250_000, 'month', ev(['S13', 'S20'], '2025-10-15', 'medium')),
    announcedSalary: mur(50_000, 'month', ev(['S12'], '2026-09-12', 'low')),
    announcedFrom: on('2026-08-20', ev(['S12'], '2026-09-12', 'low')),
    maxValidity: qty(10, 'years', ev(['S13', 'S14', 'S16'], '2025-10-15', 'high')),
    shortTermMax: qty(9, 'months', ev(['S13', 'S36'], '2025-10-15', 'high')),
    shortTermExtension: qty(3, 'months', ev(['S13', 'S36'], '2025-10-15', 'high')),
    shortTermNotice: qty(15, 'days', ev(['S13', 'S36'], '2025-10-15', 'high')),
    professionalFeeMin: usd(400, 'once', ev(['S12'], '2026-09-12', 'low')),
    professionalFeeMax: usd(1000, 'once', ev(['S12'], '2026-09-12', 'low')),
    applicationFee: usd(50, 'once', ev(['S12'], '2026-09-12', 'low')),
    dependantFee: usd(400, 'once', ev(['S12'], '2026-09-12', 'low')),
    youngProfessionalFeeMin: usd(150, 'once', ev(['S12'], '2026-09-12', 'low')),
    youngProfessionalFeeMax: usd(300, 'once', ev(['S12'], '2026-09-12', 'low')),
    edbServiceFree: fact(ev(['S36'], null, 'high')),
    onlineFromAbroad: fact(ev(['S24b'], '2022-07-11', 'high')),
    longPermitFee: usd(1000, 'once', ev(['S24b'], '2022-07-11', 'high')),
    employerFiles: fact(ev(['S13', 'S24b'], '2025-10-15', 'high')),
    medicalTests: fact(ev(['S13'], '2025-10-15', 'high')),
  },
  investor: {
    investment: usd(100_000, 'once', ev(['S16', 'S14'], '2025', 'medium')),
    turnoverYearOne: mur(1_000_000, 'year', ev(['S16'], null, 'medium')),
    turnoverCumulative: mur(15_000_000, 'total', ev(['S16'], null, 'medium')),
    renewalTurnover: mur(5_000_000, 'year', ev(['S16'], null, 'medium')),
    lowerInvestment: usd(50_000, 'once', ev(['S14'], '2025', 'low')),
    lowerTurnoverYearOne: mur(1_500_000, 'year', ev(['S14'], '2025', 'low')),
    lowerTurnoverCumulative: mur(20_000_000, 'total', ev(['S14'], '2025', 'low')),
    guidelinesOf: on('2025-08-19', ev(['S14'], '2025', 'medium')),
    startup: fact(ev(['S14'], '2025', 'medium')),
    transferWithin: qty(60, 'days', ev(['S14', 'S12'], '2026-09-12', 'medium')),
    reviewYear: qty(5, null, ev(['S18'], '2025-09', 'high')),
  },
  selfEmployed: {
    investment: usd(50_000, 'once', ev(['S15', 'S12'], '2026-09-12', 'medium')),
    incomeYearOne: mur(750_000, 'year', ev(['S15'], '2025', 'medium')),
    incomeCumulative: mur(6_000_000, 'total', ev(['S15'], '2025', 'medium')),
    incomeLater: mur(1_500_000, 'year', ev(['S15'], '2025', 'medium')),
    lettersOfIntent: qty(3, null, ev(['S15', 'S12'], '2026-09-12', 'medium')),
    localLetters: qty(2, null, ev(['S15', 'S12'], '2026-09-12', 'medium')),
    localStaff: qty(1, null, ev(['S15'], '2025', 'medium')),
  },
  /** Turnover and income targets are counted over the first five years of the permit. */
  targetYears: qty(5, null, ev(['S14', 'S15', 'S16'], '2025', 'medium')),
  youngProfessional: {
    salary: mur(25_000, 'month', ev(['S18'], '2025-09', 'high')),
    maxValidity: qty(3, 'years', ev(['S17', 'S12'], '2026-09-12', 'high')),
    reportedValidity: qty(2, 'years', ev(['S20'], '2025-06-11', 'low')),
    applyWithin: qty(6, 'months', ev(['S17'], null, 'high')),
  },
  workPermit: {
    minAge: qty(20, null, ev(['S32'], null, 'medium')),
    maxAge: qty(60, null, ev(['S32'], null, 'medium')),
    historicValidity: qty(4, 'years', ev(['S32'], null, 'medium')),
    historicExtension: qty(1, 'years', ev(['S32'], null, 'medium')),
    employerFiles: fact(ev(['S32'], null, 'high')),
  },
  student: {
    minCourse: qty(1, 'years', ev(['S29'], null, 'high')),
    fundsExample: mur(100_000, 'once', ev(['S29', 'S31'], null, 'high')),
    partTimeWork: qty(20, 'hours', ev(['S30'], null, 'medium')),
    dependants: fact(ev(['S29b'], '2013-11-13', 'low')),
    institutionFiles: fact(ev(['S29', 'S31'], null, 'high')),
    parentsPremium: fact(ev(['S10'], '2020-11-30', 'medium')),
  },
  retired: {
    minAge: qty(50, null, ev(['S19', 'S24'], '2025-11', 'high')),
    monthlyTransfer: usd(2000, 'month', ev(['S19', 'S20', 'S12'], '2026-09-12', 'high')),
    yearlyTransfer: usd(24_000, 'year', ev(['S19', 'S20', 'S12'], '2026-09-12', 'high')),
    openingFunds: usd(24_000, 'once', ev(['S12'], '2026-09-12', 'low')),
    firstTransferWithin: qty(60, 'days', ev(['S12'], '2026-09-12', 'low')),
    validity: qty(10, 'years', ev(['S19', 'S12'], '2026-09-12', 'high')),
    noWork: fact(ev(['S24', 'S19'], '2025-11', 'high')),
    policeRecord: qty(10, 'years', ev(['S24b'], '2022-07-11', 'high')),
  },
  permanent: {
    yearsOnPermit: qty(5, 'years', ev(['S18', 'S19'], '2025-11', 'high')),
    validity: qty(20, 'years', ev(['S22', 'S12'], '2026-09-12', 'high')),
    retiredTransfers: usd(200_000, 'total', ev(['S19'], '2025-11', 'high')),
    professionalSalary: mur(400_000, 'month', ev(['S12'], '2026-09-12', 'low')),
    investorTurnoverYearly: mur(15_000_000, 'year', ev(['S12'], '2026-09-12', 'low')),
    investorTurnoverTotal: mur(75_000_000, 'total', ev(['S12'], '2026-09-12', 'low')),
    selfEmployedYearly: mur(3_000_000, 'year', ev(['S12'], '2026-09-12', 'low')),
    selfEmployedTotal: mur(15_000_000, 'total', ev(['S12'], '2026-09-12', 'low')),
  },
  property: {
    minimum: usd(375_000, 'once', ev(['S27', 'S12'], '2026-09-12', 'high')),
    apartmentFloor: mur(6_000_000, 'once', ev(['S26'], null, 'high')),
    coverage: fact(ev(['S27', 'S12'], '2026-09-12', 'high')),
    dutyBefore: qty(5, 'percent', ev(['S20', 'S21'], '2025-09-03', 'high')),
    dutyAnnounced: qty(10, 'percent', ev(['S20', 'S21', 'S12'], '2026-09-12', 'low')),
  },
  golden: {
    investment: usd(1_000_000, 'once', ev(['S28', 'S12'], '2026-09-12', 'low')),
    investWithin: qty(12, 'months', ev(['S12'], '2026-09-12', 'low')),
    validity: qty(2, 'years', ev(['S12'], '2026-09-12', 'low')),
  },
  family: {
    childMaxAge: qty(24, null, ev(['S25', 'S36'], null, 'medium')),
    spouseWork: fact(ev(['S39', 'S12'], '2026-09-12', 'low')),
    dependants: fact(ev(['S25', 'S15', 'S36'], '2025', 'high')),
    workPermitFamily: fact(ev(['S32'], null, 'medium')),
  },
} as const;

export type Processing = { kind: 'on_arrival' } | { kind: 'unpublished' } | { kind: 'range'; min: Quantity; max: Quantity } | { kind: 'up_to'; max: Quantity };

/** Official delay once the file is complete, up to what practitioners report end to end. */
const occupationProcessing: Processing = {
  kind: 'range',
  min: qty(5, 'working_days', ev(['S36'], null, 'medium')),
  max: qty(90, 'days', ev(['S37', 'S12'], '2026-09-12', 'low')),
};

export const PROCESSING: Record<PermitId, Processing> = {
  visitor: { kind: 'on_arrival' },
  visitor_extension: { kind: 'unpublished' },
  business_visitor: { kind: 'on_arrival' },
  premium_visa: {
    kind: 'range',
    min: qty(2, 'working_days', ev(['S37', 'S41'], null, 'low')),
    max: qty(3, 'months', ev(['S37', 'S41'], null, 'low')),
  },
  occupation_permit_professional: occupationProcessing,
  occupation_permit_short_term: occupationProcessing,
  occupation_permit_investor: occupationProcessing,
  occupation_permit_self_employed: occupationProcessing,
  young_professional_permit: occupationProcessing,
  retired_residence_permit: occupationProcessing,
  work_permit: { kind: 'unpublished' },
  student_visa: { kind: 'up_to', max: qty(4, 'weeks', ev(['S31'], null, 'medium')) },
  permanent_residence_permit: { kind: 'unpublished' },
  property_residence_permit: { kind: 'unpublished' },
  golden_visa: { kind: 'up_to', max: qty(5, 'working_days', ev(['S28', 'S12'], '2026-09-12', 'low')) },
};

/**
 * Readings that contradict a figure the finder shows (fact sheet, "Conflicts"): stated next to it.
 * The retired permit's 10 years vs a Budget report of 5 years with 180 days' presence a year; the
 * official permanent-residence page, which still shows the pre-2025 criteria (3 years on a permit).
 */
export const CONFLICTS = {
  retired_validity: {
    announced: on('2025-06-11', ev(['S20'], '2025-06-11', 'low')),
    years: qty(5, 'years', ev(['S20'], '2025-06-11', 'low')),
    days: qty(180, 'days', ev(['S20'], '2025-06-11', 'low')),
  },
  prp_criteria_page: { years: qty(3, 'years', ev(['S22'], null, 'high')) },
} as const;
