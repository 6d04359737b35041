import type { PermitId } from './permits';
import type { TemplateValues } from './render';
import { CONFLICTS, RULES } from './rules';
import type { ConditionId, ConflictId } from './texts';

/** A condition text and the rule figures behind it; facts only carry their sources. */
export interface ConditionSpec {
  id: ConditionId;
  values: TemplateValues;
  /** A source that says otherwise, stated with the condition. */
  conflict?: { id: ConflictId; values: TemplateValues };
}

/** Which permanent-residence threshold applies, from the permit held for five years. */
export type PrpCategory = 'retired' | 'professional' | 'investor' | 'self_employed';

const spec = (id: ConditionId, values: TemplateValues): ConditionSpec => ({ id, values });
const disputed = (base: ConditionSpec, id: ConflictId): ConditionSpec => ({ ...base, conflict: { id, values: CONFLICTS[id] } });
const { visitor, occupation: op, investor, selfEmployed: se, permanent: prp } = RULES;

const yearlyCap = spec('visitor_yearly_cap', { days: visitor.yearlyCap });
const noWork = spec('visitor_no_work', { basis: visitor.noWork });
const opSalary = spec('op_salary', { proPass: op.proPassSalary, expertPass: op.expertPassSalary });
const opAnnounced = spec('op_salary_announced', { salary: op.announcedSalary, date: op.announcedFrom });
const employerFiles = spec('op_employer_files', { basis: op.employerFiles });
const longValidity = spec('long_validity', { years: op.maxValidity });
const longFee = spec('long_permit_fee', { fee: op.longPermitFee, years: op.maxValidity });

const CONDITIONS: Record<PermitId, readonly ConditionSpec[]> = {
  visitor: [yearlyCap, noWork],
  visitor_extension: [spec('extension_free', { basis: RULES.extension.free }), yearlyCap, noWork],
  business_visitor: [
    spec('business_cap', { yearDays: RULES.business.yearlyCap, tripDays: RULES.business.tripMax }),
    spec('business_no_pay', { basis: visitor.noWork }),
  ],
  premium_visa: [
    spec('premium_duration', { min: RULES.premium.minStay, max: RULES.premium.maxStay }),
    spec('premium_income', {
      adult: RULES.premium.incomePerAdult,
      dependant: RULES.premium.incomePerDependant,
      age: RULES.premium.dependantMaxAge,
    }),
    spec('premium_foreign_income', { basis: RULES.premium.foreignIncomeOnly }),
    spec('premium_free', { basis: RULES.premium.free }),
  ],
  occupation_permit_professional: [
    opSalary,
    opAnnounced,
    spec('op_contract_validity', { years: op.maxValidity }),
    employerFiles,
    spec('op_professional_fee', {
      min: op.professionalFeeMin,
      max: op.professionalFeeMax,
      application: op.applicationFee,
    }),
  ],
  occupation_permit_short_term: [
    spec('op_short_term', { months: op.shortTermMax, extension: op.shortTermExtension, notice: op.shortTermNotice }),
    opSalary,
    opAnnounced,
    employerFiles,
  ],
  occupation_permit_investor: [
    spec('investor_main_route', {
      investment: investor.investment,
      yearOne: investor.turnoverYearOne,
      cumulative: investor.turnoverCumulative,
      years: RULES.targetYears,
      renewal: investor.renewalTurnover,
    }),
    spec('investor_lower_route', {
      investment: investor.lowerInvestment,
      date: investor.guidelinesOf,
      yearOne: investor.lowerTurnoverYearOne,
      cumulative: investor.lowerTurnoverCumulative,
      years: RULES.targetYears,
    }),
    spec('investor_startup', { basis: investor.startup }),
    spec('investor_transfer', { days: investor.transferWithin }),
    spec('investor_review', { year: investor.reviewYear }),
    longValidity,
    longFee,
  ],
  occupation_permit_self_employed: [
    spec('self_employed_investment', { investment: se.investment, days: investor.transferWithin }),
    spec('self_employed_income', {
      yearOne: se.incomeYearOne,
      cumulative: se.incomeCumulative,
      years: RULES.targetYears,
      later: se.incomeLater,
    }),
    spec('self_employed_scope', { staff: se.localStaff }),
    longValidity,
    longFee,
  ],
  young_professional_permit: [
    spec('ypop_degree', { months: RULES.youngProfessional.applyWithin }),
    spec('ypop_salary', { salary: RULES.youngProfessional.salary }),
    spec('ypop_validity', {
      years: RULES.youngProfessional.maxValidity,
      reported: RULES.youngProfessional.reportedValidity,
    }),
  ],
  work_permit: [
    spec('work_permit_employer', { basis: RULES.workPermit.employerFiles }),
    spec('work_permit_profile', { minAge: RULES.workPermit.minAge, maxAge: RULES.workPermit.maxAge }),
    spec('work_permit_validity', {
      years: RULES.workPermit.historicValidity,
      extension: RULES.workPermit.historicExtension,
    }),
  ],
  student_visa: [
    spec('student_institution', { course: RULES.student.minCourse }),
    spec('student_funds', { amount: RULES.student.fundsExample }),
    spec('student_work', { hours: RULES.student.partTimeWork }),
  ],
  retired_residence_permit: [
    spec('retired_min_age', { age: RULES.retired.minAge }),
    spec('retired_transfers', { monthly: RULES.retired.monthlyTransfer, yearly: RULES.retired.yearlyTransfer }),
    spec('retired_opening', { opening: RULES.retired.openingFunds, days: RULES.retired.firstTransferWithin }),
    spec('retired_no_work', { basis: RULES.retired.noWork }),
    disputed(spec('retired_validity', { years: RULES.retired.validity }), 'retired_validity'),
    spec('long_permit_fee', { fee: op.longPermitFee, years: RULES.retired.validity }),
  ],
  permanent_residence_permit: [disputed(spec('prp_years', { years: prp.yearsOnPermit }), 'prp_criteria_page'), spec('prp_validity', { years: prp.validity })],
  property_residence_permit: [
    spec('property_minimum', { amount: RULES.property.minimum }),
    spec('property_apartment_floor', { floor: RULES.property.apartmentFloor, amount: RULES.property.minimum }),
    spec('property_coverage', { basis: RULES.property.coverage }),
    spec('property_duty', { before: RULES.property.dutyBefore, announced: RULES.property.dutyAnnounced }),
  ],
  golden_visa: [
    spec('golden_investment', { amount: RULES.golden.investment, months: RULES.golden.investWithin }),
    spec('golden_terms', { years: RULES.golden.validity }),
  ],
};

const PRP_THRESHOLDS: Record<PrpCategory, ConditionSpec> = {
  retired: spec('prp_retired', { amount: prp.retiredTransfers, years: prp.yearsOnPermit }),
  professional: spec('prp_professional', { salary: prp.professionalSalary, years: prp.yearsOnPermit }),
  investor: spec('prp_investor', {
    yearly: prp.investorTurnoverYearly,
    total: prp.investorTurnoverTotal,
    years: prp.yearsOnPermit,
  }),
  self_employed: spec('prp_self_employed', {
    yearly: prp.selfEmployedYearly,
    total: prp.selfEmployedTotal,
    years: prp.yearsOnPermit,
  }),
};

export function getConditionSpecs({ permit, prpCategories }: { permit: PermitId; prpCategories: readonly PrpCategory[] }): readonly ConditionSpec[] {
  if (permit !== 'permanent_residence_permit') return CONDITIONS[permit];
  return [...CONDITIONS[permit], ...prpCategories.map((category) => PRP_THRESHOLDS[category])];
}
