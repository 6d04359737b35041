import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import * as icons from '@/components/ui/icons';

describe('server-drawn icons', () => {
  const names = Object.keys(icons) as (keyof typeof icons)[];

  it('covers at least the icons the layout needs', () => {
    expect(names).toEqual(expect.arrayContaining(['Menu', 'X', 'Globe', 'ChevronDown', 'Check', 'MessageCircle']));
  });

  // The generated shapes stay those of the installed lucide-react (run components/ui/generate-icon-data.mjs
  // after an upgrade): same markup, attribute for attribute, as lucide-react's own component.
  for (const name of names) {
    it(`${name} draws the same SVG as lucide-react`, () => {
      const props = { 'aria-hidden': 'true' as const, className: 'size-4 text-ocean-700' };
      const ours = renderToStaticMarkup(createElement(icons[name], props));
      const theirs = renderToStaticMarkup(createElement(lucide[name], props));
      const attributes = (html: string) => [...html.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`).sort();
      const tags = (html: string) => [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);
      expect(tags(ours)).toEqual(tags(theirs));
      expect(attributes(ours)).toEqual(attributes(theirs));
    });
  }
});
