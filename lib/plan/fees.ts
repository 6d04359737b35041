import { RULES, type PermitId } from '@/lib/visa';
import { evidenceMarker } from '@/lib/visa/evidence';
import { formatMoney, mergeEvidence } from '@/lib/visa/render';
import type { Amount, RuleValue } from '@/lib/visa/rules';
import type { VisaInput, VisaLocale } from '@/lib/visa/schema';
import type { PlanFee } from './types';
import type { PlanTranslator } from './texts';

type FeeSpec = { id: string; values: RuleValue[]; amounts?: Record<string, Amount> };

const OC = RULES.occupation;
const free = (id: string, value: RuleValue): FeeSpec => ({ id, values: [value] });
const edb = free('edb_service', OC.edbServiceFree);
const application = { id: 'application', values: [OC.applicationFee], amounts: { amount: OC.applicationFee } };
const dependants = { id: 'dependants', values: [OC.dependantFee], amounts: { amount: OC.dependantFee } };
const longPermit = { id: 'long_permit', values: [OC.longPermitFee], amounts: { amount: OC.longPermitFee } };
const professional = {
  id: 'professional',
  values: [OC.professionalFeeMin, OC.professionalFeeMax],
  amounts: { min: OC.professionalFeeMin, max: OC.professionalFeeMax },
};
const young = {
  id: 'young_professional',
  values: [OC.youngProfessionalFeeMin, OC.youngProfessionalFeeMax],
  amounts: { min: OC.youngProfessionalFeeMin, max: OC.youngProfessionalFeeMax },
};

/** Government fees by permit, each from lib/visa's rules; a permit absent here has no published fee in our sources. */
const FEES: Partial<Record<PermitId, FeeSpec[]>> = {
  premium_visa: [free('premium_free', RULES.premium.free)],
  visitor_extension: [free('extension_free', RULES.extension.free)],
  occupation_permit_professional: [application, professional, dependants, edb],
  occupation_permit_short_term: [application, professional, dependants, edb],
  young_professional_permit: [application, young, dependants, edb],
  occupation_permit_investor: [application, longPermit, dependants, edb],
  occupation_permit_self_employed: [application, longPermit, dependants, edb],
  retired_residence_permit: [application, longPermit, dependants, edb],
};

export function listPlanFees({ permit, input, locale, t }: { permit: PermitId; input: VisaInput; locale: VisaLocale; t: PlanTranslator }): PlanFee[] {
  const specs = (FEES[permit] ?? []).filter((spec) => spec.id !== 'dependants' || (input.family !== undefined && input.family !== 'Non'));
  const fees: PlanFee[] = specs.map((spec) => {
    const evidence = mergeEvidence(spec.values);
    const args = Object.fromEntries(Object.entries(spec.amounts ?? {}).map(([name, amount]) => [name, formatMoney(amount, locale)]));
    return { id: spec.id, text: t(`fees.${spec.id}` as Parameters<PlanTranslator>[0], args), ...evidence, marker: evidenceMarker(evidence) };
  });
  if (fees.length === 0) fees.push({ id: 'unknown', text: t('fees.unknown'), sourceIds: [], asOf: null, confidence: null, marker: null });
  return fees;
}
