import { z } from 'zod';
import { SITE } from '@/lib/site';

/**
 * The facts of the legal notice (mentions légales / Impressum). Address, e-mail and phone come
 * from the agency facts in lib/site.ts (one source for each fact). A value the agency has not
 * confirmed yet is `example: true`: the page prints it with a visible "example" mark.
 */
const fact = z.object({ value: z.string().min(1), example: z.boolean() });

const LegalFacts = z.object({
  companyName: fact,
  legalForm: fact,
  registration: z.object({ register: fact, number: fact }),
  director: fact,
  host: z.object({ name: fact, address: fact, website: fact }),
});
export type LegalFact = z.infer<typeof fact>;

export const LEGAL = LegalFacts.parse({
  companyName: { value: `${SITE.name} Ltd`, example: true },
  legalForm: { value: 'Private company limited by shares (Companies Act 2001, Mauritius)', example: true },
  registration: {
    register: { value: 'Corporate and Business Registration Department (CBRD), Port Louis', example: false },
    number: { value: 'C00000000', example: true },
  },
  director: { value: 'Jean Exemple', example: true },
  host: {
    name: { value: 'Example Hosting Ltd', example: true },
    address: { value: '1 Example Street, Ebene, Mauritius', example: true },
    website: { value: 'https://hosting.example', example: true },
  },
});

/** Every fact of the notice, found by walking LEGAL (a fact added above is included). */
function factsOf(node: object): LegalFact[] {
  return Object.values(node).flatMap((value: object) => ('example' in value ? [value as LegalFact] : factsOf(value)));
}

/** Whether any fact still waits for the agency's confirmation. */
export const LEGAL_HAS_UNCONFIRMED = factsOf(LEGAL).some((fact) => fact.example);
