import { AGENCY } from '@/lib/agency';
import { legalSchema } from '@/lib/content/schema';
import { readYaml } from '@/lib/content/yaml-file';

/**
 * The facts of the legal notice (mentions légales / Impressum): the company's identity from
 * content/agency/identity.yaml, the host from content/legal.yaml. A value the agency has not
 * confirmed yet is `example: true`: the page prints it with a visible "example" mark.
 */
export interface LegalFact {
  value: string;
  example: boolean;
}

const { identity } = AGENCY;
const { host } = readYaml('content/legal.yaml', legalSchema);

export const LEGAL = {
  companyName: identity.legalName,
  legalForm: identity.legalForm,
  registration: { register: identity.register, number: identity.registrationNumber },
  director: identity.director,
  host,
};

/** Every fact of the notice, found by walking LEGAL (a fact added above is included). */
function factsOf(node: object): LegalFact[] {
  return Object.values(node).flatMap((value: object) => ('example' in value ? [value as LegalFact] : factsOf(value)));
}

/** Whether any fact of the notice, contact details included, still waits for the agency's confirmation. */
export const LEGAL_HAS_UNCONFIRMED = factsOf(LEGAL).some((fact) => fact.example) || Object.values(AGENCY.contactExample).some(Boolean);
