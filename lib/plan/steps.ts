import { RULES, type PermitId } from '@/lib/visa';
import type { Quantity, RuleValue } from '@/lib/visa/rules';

/** Who files and where, with the rule that says so; a permit absent here: the authority in its sources. */
export type Channel = 'edb_online' | 'nels_employer' | 'nels_self' | 'pio_institution' | 'pio_in_person' | 'labour_employer';

export const CHANNELS: Partial<Record<PermitId, { channel: Channel; values: RuleValue[] }>> = {
  premium_visa: { channel: 'edb_online', values: [RULES.premium.onlineApplication] },
  visitor_extension: { channel: 'pio_in_person', values: [RULES.extension.free] },
  occupation_permit_professional: { channel: 'nels_employer', values: [RULES.occupation.employerFiles] },
  occupation_permit_short_term: { channel: 'nels_employer', values: [RULES.occupation.employerFiles] },
  young_professional_permit: { channel: 'nels_employer', values: [RULES.occupation.employerFiles] },
  occupation_permit_investor: { channel: 'nels_self', values: [RULES.occupation.onlineFromAbroad] },
  occupation_permit_self_employed: { channel: 'nels_self', values: [RULES.occupation.onlineFromAbroad] },
  retired_residence_permit: { channel: 'nels_self', values: [RULES.occupation.onlineFromAbroad] },
  student_visa: { channel: 'pio_institution', values: [RULES.student.institutionFiles] },
  work_permit: { channel: 'labour_employer', values: [RULES.workPermit.employerFiles] },
};

/** A deadline after arrival that a rule dates: money to transfer within so many days of the permit. */
export const TRANSFER_DEADLINES: Partial<Record<PermitId, Quantity>> = {
  retired_residence_permit: RULES.retired.firstTransferWithin,
  occupation_permit_investor: RULES.investor.transferWithin,
};

/** First-weeks tasks our sources say nothing about: listed, undated, cost unknown. */
export const SETTLING_TASKS = ['tax_number', 'health_cover', 'driving_licence'] as const;
