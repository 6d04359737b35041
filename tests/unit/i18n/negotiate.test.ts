import { describe, expect, it } from 'vitest';
import { negotiateLocale } from '@/lib/i18n/negotiate';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-BR,pt;q=0.9,it;q=0.5', 'it'],
    ['ja,zh;q=0.9', 'fr'],
    ['es;q=0.2,en;q=0.8', 'en'],
    ['it;q=0,de;q=0.1', 'de'],
    ['*', 'fr'],
    ['EN-gb', 'en'],
    ['garbage;;;,,q=x', 'fr'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
