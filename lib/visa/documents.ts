import { messagesFor } from '@/lib/i18n/messages';
import type { PermitId } from './permits';
import { createRenderer, mergeEvidence } from './render';
import type { Nationality, VisaLocale } from './schema';
import { documentIdsFor } from './document-ids';
import { SOURCES, type SourceId } from './sources';
import { DOCUMENT_VALUES } from './text-values';
import type { DocumentId } from './texts';

export type { DocumentId };

/** A document of a permit as the finder shows it, with the sources and date of the figures its text quotes. */
export type PermitDocument = { id: DocumentId; text: string; sources: { id: SourceId; url: string }[]; asOf: string | null };

/** The documents a permit asks of a passport, in one language: the finder's list, for a dossier (lib/dossier). */
export function getPermitDocuments({ permit, nationality, locale }: { permit: PermitId; nationality: Nationality; locale: VisaLocale }): PermitDocument[] {
  return documentIdsFor(permit, nationality).map((id) => describeDocument(id, locale));
}

export function describeDocument(id: DocumentId, locale: VisaLocale): PermitDocument {
  const renderer = createRenderer(locale);
  const item = renderer.item(id, `documents.${id}`, DOCUMENT_VALUES[id]);
  const evidence = mergeEvidence(renderer.usedValues());
  return { id, text: item.text, sources: evidence.sourceIds.map((source) => ({ id: source, url: SOURCES[source].url })), asOf: evidence.asOf };
}

const DOCUMENT_IDS = new Set(Object.keys(messagesFor('fr').VisaEngine.documents));
export const isDocumentId = (value: string): value is DocumentId => DOCUMENT_IDS.has(value);
