import { describe, expect, it } from 'vitest';
import { extractHeadings } from '@/lib/blog/headings';

describe('heading extraction', () => {
  it('finds h1 to h6 in order with their depth', () => {
    const markdown = ['# Un', 'texte', '## Deux', '### Trois', '#### Quatre', '##### Cinq', '###### Six', '####### pas un titre'].join('\n');
    expect(extractHeadings(markdown).map(({ depth, text }) => [depth, text])).toEqual([
      [1, 'Un'],
      [2, 'Deux'],
      [3, 'Trois'],
      [4, 'Quatre'],
      [5, 'Cinq'],
      [6, 'Six'],
    ]);
  });

  it('gives the ids rehype-slug gives (github-slugger), duplicates numbered', () => {
    const markdown = ['## Vue d’ensemble : quel statut ?', '## Sources officielles', '### Sources officielles', '## Résidence & famille'].join('\n');
    expect(extractHeadings(markdown).map((heading) => heading.id)).toEqual([
      'vue-densemble--quel-statut-',
      'sources-officielles',
      'sources-officielles-1',
      'résidence--famille',
    ]);
  });

  it('keeps French no-break spaces, which github-slugger drops rather than dashes', () => {
    const [heading] = extractHeadings('## Vue d’ensemble\u00A0: quel statut\u202F?');
    expect(heading).toEqual({ depth: 2, text: 'Vue d’ensemble\u00A0: quel statut\u202F?', id: 'vue-densemble-quel-statut' });
  });

  it('keeps the visible text of links, emphasis and code', () => {
    const [heading] = extractHeadings('## Le **Premium** [Visa](https://residency.mu) en `2026` ##');
    expect(heading).toEqual({ depth: 2, text: 'Le Premium Visa en 2026', id: 'le-premium-visa-en-2026' });
  });

  it('skips fenced code and reads setext headings', () => {
    const markdown = ['```md', '## pas un titre', '```', '', 'Titre souligné', '==============', '', 'Sous-titre', '---'].join('\n');
    expect(extractHeadings(markdown).map(({ depth, text }) => [depth, text])).toEqual([
      [1, 'Titre souligné'],
      [2, 'Sous-titre'],
    ]);
  });

  it('returns nothing for a body without headings', () => {
    expect(extractHeadings('Un paragraphe.\n\nUn autre.')).toEqual([]);
  });
});
