import { describe, expect, it } from 'vitest';
import { countWords, markdownToText, readingMinutes } from '@/lib/blog/text';

describe('reading time', () => {
  it('is words / 200 rounded up', () => {
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1000)).toBe(5);
    expect(readingMinutes(4267)).toBe(22);
  });

  it('is at least one minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1)).toBe(1);
  });
});

describe('word count', () => {
  it('counts the words a reader sees, not the Markdown markup', () => {
    const markdown = [
      '## Un titre utile',
      '',
      'Voir [le site officiel](https://www.edbmauritius.org) et **les délais** de l’EDB.',
      '',
      '| Statut | Durée |',
      '|---|---|',
      '| Premium Visa | 1 an |',
      '',
      '- un point',
      '> une citation',
    ].join('\n');
    const text = markdownToText(markdown);
    expect(text).not.toMatch(/https|\*\*|\||##|---/);
    expect(countWords(text)).toBe(3 + 9 + 2 + 4 + 2 + 2);
  });

  it('ignores punctuation standing alone', () => {
    expect(countWords('Maurice : 30 000 MUR — par mois !')).toBe(6);
  });

  it('keeps escaped characters as text', () => {
    expect(markdownToText('5 \\* 3')).toBe('5 * 3');
  });
});
