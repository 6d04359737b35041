import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { claimUploadSlot, MAX_UPLOADS_AT_ONCE_PER_DOSSIER, quotaFor } = await import('@/lib/dossier/limits');

describe('uploads of one dossier at once', () => {
  it('gives two slots per dossier, the third refused until one is released', () => {
    expect(MAX_UPLOADS_AT_ONCE_PER_DOSSIER).toBe(2);
    const first = claimUploadSlot(901)!;
    const second = claimUploadSlot(901)!;
    expect(claimUploadSlot(901)).toBeNull();
    expect(claimUploadSlot(902)).not.toBeNull();
    first.release();
    first.release();
    const third = claimUploadSlot(901);
    expect(third).not.toBeNull();
    expect(claimUploadSlot(901)).toBeNull();
    second.release();
    third!.release();
  });

  it('counts what the running uploads may still add against the quota of the next', () => {
    const first = claimUploadSlot(903)!;
    first.reserve(30);
    const second = claimUploadSlot(903)!;
    expect(second.reservedByOthers).toBe(30);
    second.reserve(50);
    expect(second.reservedByOthers).toBe(30);
    expect(first.reservedByOthers).toBe(50);
    first.release();
    expect(second.reservedByOthers).toBe(0);
    second.release();
    expect(claimUploadSlot(903)!.reservedByOthers).toBe(0);
  });

  it('refuses an upload that does not fit what the quota leaves', () => {
    expect(quotaFor({ quota: 100, stored: 60, reserved: 20, declared: 20 })).toEqual({ remaining: 20, fits: true });
    expect(quotaFor({ quota: 100, stored: 60, reserved: 20, declared: 21 }).fits).toBe(false);
    expect(quotaFor({ quota: 100, stored: 100, reserved: 0, declared: null }).fits).toBe(false);
    expect(quotaFor({ quota: 100, stored: 10, reserved: 0, declared: null })).toEqual({ remaining: 90, fits: true });
  });
});
