import { describe, expect, it } from 'vitest';
import { recommendVisa, type VisaInput } from '@/lib/visa';
import { evidenceMarker, formatSourceDate, groupSources } from '@/lib/visa/evidence';

const retiree: VisaInput = { nationality: 'France', duration: 'Plus de 5 ans', workStatus: 'Retraité' };
const condition = (input: VisaInput, id: string, locale: 'fr' | 'en' = 'fr') => recommendVisa({ input, locale }).conditions.find((item) => item.id === id);

describe('the evidence behind a visa result', () => {
  it('lists secondary sources after the official ones, each with its own date', () => {
    const { sources } = recommendVisa({ input: retiree, locale: 'fr' });
    const { official, secondary } = groupSources(sources);
    expect(official.length).toBeGreaterThan(0);
    expect(secondary.map((source) => source.id)).toEqual(expect.arrayContaining(['S19', 'S12']));
    expect(sources.slice(0, official.length).every((source) => source.official)).toBe(true);
    expect(sources.find((source) => source.id === 'S19')?.asOf).toBe('2025-11');
  });

  it('states the conflicting 5-year reading next to the retired permit’s 10 years, and cites it', () => {
    const validity = condition(retiree, 'retired_validity', 'en');
    expect(validity?.figures).toEqual({ years: 10 });
    expect(validity?.conflict).toMatch(/5 years.*180 days/);
    expect(evidenceMarker(validity!)).toBe('conflict');
    expect(recommendVisa({ input: retiree, locale: 'en' }).sources.map((source) => source.id)).toContain('S20');
  });

  it('says the official permanent-residence page shows the former criteria', () => {
    const years = condition(retiree, 'prp_years', 'en');
    expect(years?.conflict).toMatch(/former criteria \(3 years/);
    expect(recommendVisa({ input: retiree, locale: 'en' }).sources.find((source) => source.id === 'S22')?.official).toBe(true);
  });

  it('marks a figure resting on a weak grade or on one source, and leaves a well-sourced one unmarked', () => {
    expect(evidenceMarker({ confidence: 'low', sourceIds: ['S12', 'S37'] })).toBe('low');
    expect(evidenceMarker({ confidence: 'high', sourceIds: ['S12'] })).toBe('single');
    expect(evidenceMarker({ confidence: 'high', sourceIds: ['S19', 'S12'] })).toBeNull();
    expect(evidenceMarker(condition(retiree, 'retired_opening')!)).toBe('low');
  });

  it('formats source dates by precision in the page’s language', () => {
    expect(formatSourceDate('2025-11', 'en-GB')).toBe('November 2025');
    expect(formatSourceDate('2025-06-11', 'en-GB')).toBe('11 June 2025');
    expect(formatSourceDate('2025', 'fr-FR')).toBe('2025');
    expect(formatSourceDate(null, 'fr-FR')).toBeNull();
  });
});
