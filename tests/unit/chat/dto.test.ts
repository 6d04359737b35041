import { describe, expect, it } from 'vitest';
import { readPageCursor } from '@/lib/chat/dto';

describe('history cursor', () => {
  it('reads `after` first, then `before`, as message ids', () => {
    expect(readPageCursor('http://x/m?after=12')).toEqual({ afterId: 12 });
    expect(readPageCursor('http://x/m?before=7')).toEqual({ beforeId: 7 });
    expect(readPageCursor('http://x/m?after=0&before=7')).toEqual({ afterId: 0 });
  });

  it('reads the latest page for anything else', () => {
    for (const query of ['', '?after=-1', '?before=1e3', '?before=9999999999999999', '?after=abc', '?before=']) {
      expect(readPageCursor(`http://x/m${query}`)).toEqual({});
    }
  });
});
