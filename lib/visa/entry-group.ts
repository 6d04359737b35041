import { ENTRY_GROUPS } from './rules';
import type { Nationality } from './schema';

export type EntryGroup = keyof typeof ENTRY_GROUPS;

/** How a passport enters Mauritius (ENTRY_GROUPS of the rules): kept apart from the texts, so pure code can ask. */
export function getEntryGroup(nationality: Nationality): EntryGroup {
  const groups = Object.entries(ENTRY_GROUPS) as [EntryGroup, (typeof ENTRY_GROUPS)[EntryGroup]][];
  const found = groups.find(([, group]) => (group.nationalities as readonly Nationality[]).includes(nationality));
  if (!found) throw new Error(`No entry group for ${nationality}`);
  return found[0];
}
