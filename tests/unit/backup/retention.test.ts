import { describe, expect, it } from 'vitest';
import { backupsToKeep } from '@/lib/backup/retention';
import { backupName, timeOfName } from '@/lib/backup/files';

const at = (iso: string) => new Date(iso);

describe('backup retention', () => {
  it('keeps the newest of each of the last 7 days, 4 weeks and 6 months', () => {
    // Two backups a day (23:30 UTC is the next day in Mauritius) for 400 days, newest first.
    const dates: Date[] = [];
    for (let day = 0; day < 400; day += 1) {
      const base = Date.UTC(2026, 10, 27, 0, 0) - day * 86_400_000;
      dates.push(new Date(base + 3 * 3_600_000), new Date(base - 30 * 60_000));
    }
    const kept = [...backupsToKeep(dates)]
      .map((index) => dates[index]!.toISOString())
      .sort()
      .reverse();
    // 7 days (27 → 21 Nov, the 03:00 UTC ones: newest of their Mauritius day), then Sunday-to-Monday
    // weeks not yet covered, then months.
    expect(kept.slice(0, 7)).toEqual(['27', '26', '25', '24', '23', '22', '21'].map((day) => `2026-11-${day}T03:00:00.000Z`));
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 6);
    const months = new Set(kept.map((iso) => iso.slice(0, 7)));
    expect(months.size).toBe(6);
    expect(kept.at(-1)).toBe('2026-06-30T03:00:00.000Z');
  });

  it('keeps everything while there is less than the rule', () => {
    expect(backupsToKeep([at('2026-11-27T03:00:00Z'), at('2026-11-26T03:00:00Z')])).toEqual(new Set([0, 1]));
  });

  it('names files by their UTC time and reads it back', () => {
    const when = at('2026-11-27T03:10:05Z');
    expect(backupName(when)).toBe('backup-20261127T031005Z.age');
    expect(timeOfName(backupName(when))).toEqual(when);
    expect(timeOfName('.backup-20261127T031005Z.age.123.partial')).toBeNull();
  });
});
