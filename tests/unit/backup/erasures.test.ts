import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyErasures, ERASURES_FILE, readErasures, recordErasure } from '@/lib/backup/erasures';

const dir = mkdtempSync(path.join(tmpdir(), 'erasures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the register of erasures', () => {
  it('keeps ids and times only, skips a line cut by a crash, and applies what came after the snapshot (less an hour)', async () => {
    recordErasure(dir, { leads: [3], conversations: ['c-old'], people: [5] }, new Date('2026-11-01T00:00:00Z'));
    recordErasure(dir, { conversations: ['c-new'] }, new Date('2026-11-27T02:30:00Z'));
    recordErasure(dir, { leads: [], people: [] }, new Date('2026-11-27T04:00:00Z'));
    appendFileSync(path.join(dir, ERASURES_FILE), '{"at":"2026-11-27T05:00');
    expect(readFileSync(path.join(dir, ERASURES_FILE), 'utf8')).not.toMatch(/@/);
    const entries = readErasures(dir);
    expect(entries).toHaveLength(2);
    const executed: unknown[][] = [];
    const applied = await applyErasures({ entries, takenAt: '2026-11-27T03:10:00Z', execute: async (text, params) => void executed.push([text, ...params]) });
    expect(applied).toBe(1);
    expect(executed).toEqual([['delete from public.chat_sessions where id::text = any($1::text[])', ['c-new']]]);
  });

  it('reads a missing register as empty', () => {
    expect(readErasures(path.join(dir, 'nowhere'))).toEqual([]);
  });
});
