import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { HeaderIcon, HeaderIconSprite, type HeaderIconName } from '@/components/layout/header-icons';

// The header's icons come from one sprite after the page (issue 34): each <use> finds its symbol,
// and each symbol draws lucide-react's own shapes with its stroke settings.
const LUCIDE: Record<HeaderIconName, keyof typeof lucide> = {
  calendar: 'CalendarDays',
  check: 'Check',
  chevron: 'ChevronDown',
  globe: 'Globe',
  menu: 'Menu',
  x: 'X',
};

const sprite = renderToStaticMarkup(createElement(HeaderIconSprite));
const inner = (html: string, tag: string) => new RegExp(`<${tag}[^>]*>(.*)</${tag}>`).exec(html)?.[1];

describe('header icon sprite', () => {
  it('is hidden from view and from assistive technology', () => {
    expect(sprite).toMatch(/^<svg aria-hidden="true" style="display:none">/);
  });

  for (const [name, lucideName] of Object.entries(LUCIDE) as [HeaderIconName, keyof typeof lucide][]) {
    it(`${name}: the icon uses its symbol, which draws lucide-react's ${lucideName}`, () => {
      const icon = renderToStaticMarkup(createElement(HeaderIcon, { name, className: 'size-4' }));
      expect(icon).toContain(`<use href="#icon-${name}"></use>`);
      expect(icon).toContain('aria-hidden="true"');
      const symbol = new RegExp(`<symbol id="icon-${name}"[^>]*>.*?</symbol>`).exec(sprite)?.[0] ?? '';
      expect(symbol).toContain('stroke="currentColor"');
      const theirs = renderToStaticMarkup(createElement(lucide[lucideName] as never));
      expect(inner(symbol, 'symbol')).toBe(inner(theirs, 'svg'));
    });
  }
});
