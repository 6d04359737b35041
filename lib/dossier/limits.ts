import { createRateLimiter } from '@/lib/api/rate-limit';

/** Pages one dossier may send per hour, keyed on the dossier the session cookie names (never on what the client says). */
export const uploadsPerDossierLimiter = createRateLimiter({ name: 'dossier-uploads', limit: 120, windowMs: 3_600_000 });

/**
 * Uploads of one dossier a process runs at once. What an upload costs (a slot of the process's
 * twelve, a piece of memory per stage, its share of the read rate) is the process's, so each
 * process counts its own: one client can never hold more than this many of any instance's slots.
 */
export const MAX_UPLOADS_AT_ONCE_PER_DOSSIER = 2;

type Running = { count: number; reserved: number };
const running = new Map<number, Running>();

export type UploadSlot = {
  /** Bytes the other uploads of the dossier running in this process may still add (their size, or their cap). */
  reservedByOthers: number;
  /** Sets what this upload may add to the dossier's stored bytes, for the quota of the next ones. */
  reserve(bytes: number): void;
  release(): void;
};

/** A slot for one more upload of `dossierId`, or null when MAX_UPLOADS_AT_ONCE_PER_DOSSIER already run. */
export function claimUploadSlot(dossierId: number): UploadSlot | null {
  const entry = running.get(dossierId) ?? { count: 0, reserved: 0 };
  if (entry.count >= MAX_UPLOADS_AT_ONCE_PER_DOSSIER) return null;
  entry.count += 1;
  running.set(dossierId, entry);
  let mine = 0;
  let released = false;
  return {
    get reservedByOthers() {
      return entry.reserved - mine;
    },
    reserve(bytes) {
      entry.reserved += bytes - mine;
      mine = bytes;
    },
    release() {
      if (released) return;
      released = true;
      entry.count -= 1;
      entry.reserved -= mine;
      if (entry.count === 0) running.delete(dossierId);
    },
  };
}

/**
 * What the quota leaves one upload: `remaining` bytes (stored and reserved taken off), or a refusal
 * when nothing is left or the announced size does not fit.
 */
export function quotaFor({ quota, stored, reserved, declared }: { quota: number; stored: number; reserved: number; declared: number | null }) {
  const remaining = quota - stored - reserved;
  return { remaining, fits: remaining > 0 && (declared === null || declared <= remaining) };
}
