import { getEntryGroup } from './entry-group';
import { PERMITS, type PermitId } from './permits';
import type { Nationality } from './schema';
import type { DocumentId } from './texts';

/** The documents a permit asks of a passport, in order: the finder's list and a dossier's items (lib/dossier). */
export function documentIdsFor(permit: PermitId, nationality: Nationality): readonly DocumentId[] {
  const [first, ...rest] = PERMITS[permit].documents;
  const mayNeedVisa = getEntryGroup(nationality) === 'checkPassport';
  return first && mayNeedVisa ? [first, 'visa_check', ...rest] : PERMITS[permit].documents;
}
