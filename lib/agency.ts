import {
  claimsSchema,
  identitySchema,
  offerSchema,
  personSchema,
  testimonialSchema,
  timelineSchema,
  type Person,
  type Testimonial,
} from '@/lib/content/schema';
import { ContentError, idOf, readYaml, yamlFilesIn } from '@/lib/content/yaml-file';

// Everything the agency says about itself, read from content/ (agency/, team/, testimonials/)
// once per process and checked by lib/content/schema.ts: an editor's mistake stops the build with
// the file, the line and what was expected. An entry marked `example` is a placeholder.

function readAll<T>(folder: string, read: (file: string) => T): T[] {
  const issues: ContentError['issues'] = [];
  const entries = yamlFilesIn(folder).flatMap((file) => {
    try {
      return [read(file)];
    } catch (error) {
      if (error instanceof ContentError) issues.push(...error.issues);
      else throw error;
      return [];
    }
  });
  if (issues.length > 0) throw new ContentError(issues);
  return entries;
}

function loadAgency() {
  const identity = readYaml('content/agency/identity.yaml', identitySchema);
  const claims = readYaml('content/agency/claims.yaml', claimsSchema);
  const { events } = readYaml('content/agency/timeline.yaml', timelineSchema);
  const { offer } = readYaml('content/agency/offer.yaml', offerSchema);
  const team: Person[] = readAll('content/team', (file) => ({ id: idOf(file), ...readYaml(file, personSchema) })).sort(
    (a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.name.localeCompare(b.name),
  );
  const testimonials: Testimonial[] = readAll('content/testimonials', (file) => ({ id: idOf(file), ...readYaml(file, testimonialSchema) })).sort(
    (a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id),
  );
  const { street, city, postalCode, country } = identity.address;
  return {
    identity,
    ...claims,
    team,
    testimonials,
    timeline: [...events].sort((a, b) => a.year - b.year),
    offer,
    /** The contact channels as plain values; `contactExample` says which are placeholders. */
    contact: { phone: identity.phone.value, email: identity.email.value, street, city, postalCode, country },
    contactExample: { phone: identity.phone.example, email: identity.email.example, address: identity.address.example },
  };
}

export type Agency = ReturnType<typeof loadAgency>;

export const AGENCY: Agency = loadAgency();
