import { describe, expect, it } from 'vitest';
import { personLabel } from '@/lib/people/label';

describe('personLabel', () => {
  it('names a visitor by language and first page, without the page’s query (a plan’s answers are shown beside it)', () => {
    const plan = '/en/visa-finder/plan?nationality=Canada&duration=1-2+ans&work_status=Oui&arrival=2027-03-01';
    expect(personLabel({ name: null, locale: 'en', firstPage: plan })).toBe('Visiteur · Anglais · arrivé sur /en/visa-finder/plan');
    expect(personLabel({ name: null, locale: 'de', firstPage: '/de#chat' })).toBe('Visiteur · Allemand · arrivé sur /de');
    expect(personLabel({ name: null, locale: 'it', firstPage: null })).toBe('Visiteur · Italien');
    expect(personLabel({ name: 'Paul Durand', locale: 'fr', firstPage: plan })).toBe('Paul Durand');
  });
});
