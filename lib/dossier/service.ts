import 'server-only';
import { config } from '@/lib/config';
import { emit } from '@/lib/events';
import { getFileStore } from '@/lib/files/key';
import { cleanFileName, FILE_TYPES } from '@/lib/files/sniff';
import { deleteStored, readDecrypted } from '@/lib/files/store';
import { paced } from '@/lib/files/pace';
import { stageUpload, UploadError } from '@/lib/files/upload';
import { zipStream } from '@/lib/files/zip';
import { mauritianDate } from '@/lib/time/mauritius';
import { createLink, endClientSessions } from './access';
import { mailLink } from './mail';
import { claimUploadSlot, quotaFor, type UploadSlot } from './limits';
import {
  countFiles,
  getDossierRows,
  getItemWithDossier,
  insertDossier,
  insertFile,
  reviewItem,
  storedBytesOfDossier,
  updateDossier,
  type DossierRow,
} from './queries';
import { dossierTexts } from './texts';
import { MAX_FILES_PER_ITEM, type Milestone, type OpenDossierInput, type Review } from './types';

export async function openDossier({ personId, input, operatorEmail }: { personId: number; input: OpenDossierInput; operatorEmail: string }) {
  const dossier = await insertDossier({ personId, input, operatorEmail });
  const mailed = await sendClientLink(dossier);
  return { dossier, mailed };
}

/** A new single-use link to the dossier's address (the operator's "send again", or the client's own request). */
export async function sendClientLink(dossier: Pick<DossierRow, 'id' | 'email' | 'locale' | 'permit'>) {
  const token = await createLink({ dossierId: dossier.id });
  return mailLink(dossier, token);
}

/** Uploads that may run at once in this process: more wait for a slot client-side (503 + Retry-After). */
export const MAX_CONCURRENT_UPLOADS = 12;
let running = 0;

export type UploadOutcome = { ok: true; fileId: number; bytes: number } | { ok: false; status: number; code: string; retryAfter?: number };

type UploadRequest = {
  dossierId: number;
  itemId: number;
  name: string;
  body: AsyncIterable<Uint8Array>;
  declaredBytes: number | null;
};

/**
 * One page of an item, from the client's browser (its session names the dossier, never the
 * request): checked, cleaned, scanned and encrypted as it streams, then recorded; the item goes
 * back to "received". A refusal leaves nothing stored. At most MAX_UPLOADS_AT_ONCE_PER_DOSSIER of a
 * dossier run at once in a process, and what the dossier stores stays within DOSSIER_QUOTA_MB.
 */
export async function uploadPage(request: UploadRequest): Promise<UploadOutcome> {
  const { dossierId, itemId } = request;
  const found = await getItemWithDossier({ itemId });
  if (!found || Number(found.dossier.id) !== dossierId) return { ok: false, status: 404, code: 'not_found' };
  if (found.dossier.closedAt) return { ok: false, status: 409, code: 'closed' };
  if (found.item.state === 'validated') return { ok: false, status: 409, code: 'closed' };
  if ((await countFiles({ itemId })) >= MAX_FILES_PER_ITEM) return { ok: false, status: 409, code: 'too_many' };
  const slot = claimUploadSlot(dossierId);
  if (!slot) return { ok: false, status: 429, code: 'too_many_at_once', retryAfter: 10 };
  try {
    if (running >= MAX_CONCURRENT_UPLOADS) return { ok: false, status: 503, code: 'busy', retryAfter: 30 };
    running += 1;
    try {
      return await storeWithinQuota(request, slot);
    } finally {
      running -= 1;
    }
  } finally {
    slot.release();
  }
}

async function storeWithinQuota({ dossierId, itemId, name, body, declaredBytes }: UploadRequest, slot: UploadSlot): Promise<UploadOutcome> {
  const stored = await storedBytesOfDossier({ dossierId });
  const quota = quotaFor({ quota: config.files.dossierQuotaBytes, stored, reserved: slot.reservedByOthers, declared: declaredBytes });
  const quotaRefusal = { ok: false as const, status: 413, code: 'quota_exceeded' };
  if (!quota.fits) return quotaRefusal;
  const maxBytes = Math.min(config.files.maxBytes, quota.remaining);
  slot.reserve(declaredBytes ?? maxBytes);
  const store = getFileStore();
  try {
    const staged = await stageUpload({
      body: paced(body, config.files.uploadBytesPerSecond),
      name,
      declaredBytes,
      maxBytes,
      store,
      clamavSocket: config.files.clamavSocket,
    });
    await staged.commit();
    try {
      const stem = cleanFileName(name).replace(/\.[A-Za-z0-9]{1,8}$/, '');
      const row = await insertFile({
        itemId,
        storageKey: staged.storageKey,
        name: `${stem}.${FILE_TYPES[staged.type].extensions[0]}`,
        mime: staged.mime,
        bytes: staged.bytes,
        sha256: staged.sha256,
      });
      await emit('dossier.file.uploaded', { dossierId, itemId, fileId: Number(row.id) });
      return { ok: true, fileId: Number(row.id), bytes: staged.bytes };
    } catch (error) {
      await deleteStored(store, [staged.storageKey]);
      throw error;
    }
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    if (error.code === 'virus_found') await emit('dossier.file.flagged', { dossierId, itemId, signature: error.signature ?? '' });
    // Past the cap: the quota's when it was the tighter one and the file itself is within the size allowed.
    const overQuota = error.code === 'too_large' && maxBytes < config.files.maxBytes && (declaredBytes === null || declaredBytes <= config.files.maxBytes);
    if (overQuota) return quotaRefusal;
    return { ok: false, status: error.status, code: error.code };
  }
}

/** Validates or refuses an item; the dossier's first completeness is recorded and announced. */
export async function review({ itemId, verdict }: { itemId: number; verdict: Review }) {
  const found = await getItemWithDossier({ itemId });
  if (!found) return null;
  await reviewItem({ itemId, review: verdict });
  const dossierId = Number(found.dossier.id);
  if (verdict.verdict === 'refuse') {
    await emit('dossier.item.refused', { dossierId, itemId });
  } else if (verdict.verdict === 'validate') {
    const rows = await getDossierRows({ id: dossierId });
    if (rows && !rows.dossier.completeAt && rows.items.length > 0 && rows.items.every((item) => item.state === 'validated')) {
      await updateDossier({ id: dossierId, set: { completeAt: new Date() } });
      await emit('dossier.completed', { dossierId });
    }
  }
  return { dossierId };
}

export async function recordMilestone({ dossierId, milestone }: { dossierId: number; milestone: Milestone }) {
  switch (milestone.milestone) {
    case 'submitted':
      return updateDossier({ id: dossierId, set: { submittedAt: milestone.on, edbReference: milestone.reference } });
    case 'decision':
      return updateDossier({ id: dossierId, set: { decidedAt: milestone.on, decision: milestone.decision } });
    case 'issued':
      return updateDossier({ id: dossierId, set: { permitIssuedAt: milestone.on, permitEndsAt: milestone.endsOn } });
    case 'closed':
      await updateDossier({ id: dossierId, set: { closedAt: new Date() } });
      // Refused from now on in any case (access.ts checks closed_at); the sessions' rows go too, the
      // waiting links stay until they expire so that one pressed says the dossier is closed.
      await endClientSessions({ dossierId });
      return;
  }
}

/**
 * The validated files, in the order of the items and of their pages, named for the submission:
 * `01-passeport-1.jpg`, `01-passeport-2.pdf`, `02-…`. Streamed: decrypted one after the other.
 */
export async function validatedArchive({ dossierId }: { dossierId: number }) {
  const rows = await getDossierRows({ id: dossierId });
  if (!rows) return null;
  const texts = dossierTexts('fr');
  const store = getFileStore();
  const validated = rows.items.filter((item) => item.state === 'validated');
  const entries = validated.flatMap((item, index) => {
    const files = rows.files.filter((file) => file.itemId === item.id && !file.refusedAt);
    const stem = `${String(index + 1).padStart(2, '0')}-${cleanFileName(texts.itemLabel(item)).slice(0, 40).replace(/\.+$/, '')}`;
    return files.map((file, page) => ({
      name: `${stem}-${page + 1}.${FILE_TYPES[mimeType(file.mime)].extensions[0]}`,
      date: file.createdAt,
      open: () => readDecrypted(store, file.storageKey),
    }));
  });
  const name = `dossier-${dossierId}-${rows.dossier.permit}-${mauritianDate(new Date())}.zip`;
  return { name, files: entries.length, stream: zipStream(entries) };
}

const mimeType = (mime: string) => (Object.entries(FILE_TYPES).find(([, type]) => type.mime === mime)?.[0] ?? 'pdf') as keyof typeof FILE_TYPES;
