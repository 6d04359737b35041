import { describe, expect, it } from 'vitest';
import { buildBreadcrumb, titleCaseSegment } from '@/lib/breadcrumb';

const LABELS: Record<string, string> = { blog: 'Blog', services: 'Services' };
const label = (segment: string) => LABELS[segment];

describe('breadcrumb', () => {
  it('is hidden when only home would show', () => {
    expect(buildBreadcrumb('fr', '', 'Accueil', label)).toEqual([]);
  });

  it('shows home then each segment, keeping the language prefix', () => {
    expect(buildBreadcrumb('en', 'services', 'Home', label)).toEqual([
      { label: 'Home', href: '/en' },
      { label: 'Services', href: '/en/services' },
    ]);
  });

  it('title-cases unknown segments with dashes as spaces', () => {
    const items = buildBreadcrumb('fr', 'blog/guide-complet-immigration-maurice', 'Accueil', label);
    expect(items.map((item) => item.label)).toEqual(['Accueil', 'Blog', 'Guide Complet Immigration Maurice']);
    expect(items.at(-1)?.href).toBe('/fr/blog/guide-complet-immigration-maurice');
  });

  it('title-cases a single segment', () => {
    expect(titleCaseSegment('visa-finder')).toBe('Visa Finder');
  });
});
