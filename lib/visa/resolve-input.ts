import { visaInputSchema, type VisaInput } from './schema';
import type { ResolvedInput } from './types';

/** Validates the answers and drops the work context unless work is "Oui". Throws a ZodError. */
export function resolveInput(input: VisaInput): ResolvedInput {
  const parsed = visaInputSchema.parse(input);
  return {
    nationality: parsed.nationality,
    duration: parsed.duration,
    workStatus: parsed.workStatus,
    workContext: parsed.workStatus === 'Oui' ? (parsed.workContext ?? null) : null,
    family: parsed.family ?? null,
  };
}
