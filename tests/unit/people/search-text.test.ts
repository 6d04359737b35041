import { describe, expect, it } from 'vitest';
import { ACCENTED, UNACCENTED, foldText, highlight, searchWords } from '@/lib/people/search-text';

describe('search folding and highlighting', () => {
  it('folds accents and case in the five languages', () => {
    expect(ACCENTED.length).toBe(UNACCENTED.length);
    expect(foldText('Réunion À Grand-Baie, Œuvre, Straße, España, Città, Größe')).toBe('reunion a grand-baie, oeuvre, strasse, espana, citta, grosse');
  });

  it('reads the words of a query', () => {
    expect(searchWords('  RÉUNION  île-maurice x ')).toEqual(['reunion', 'ile', 'maurice']);
  });

  it('marks the words matching a prefix, as written', () => {
    expect(highlight('Départ pour La Réunion, puis réunions.', ['reunion'])).toEqual([
      { text: 'Départ pour La ', match: false },
      { text: 'Réunion', match: true },
      { text: ', puis ', match: false },
      { text: 'réunions', match: true },
      { text: '.', match: false },
    ]);
  });
});
