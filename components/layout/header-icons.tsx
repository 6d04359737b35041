import type { SVGProps } from 'react';
import * as data from '@/components/ui/icon-data.generated';
import { drawShapes, LUCIDE_STROKE } from '@/components/ui/icon-types';

/**
 * The header's icons, drawn with `<use>` from one sprite that the layout places
 * after the page: their shapes stay out of the markup a phone parses before the main content
 * (issue 34). `<use>` finds a symbol defined later in the document, without JavaScript.
 */
const SPRITE = {
  calendar: data.CalendarDays,
  check: data.Check,
  chevron: data.ChevronDown,
  globe: data.Globe,
  menu: data.Menu,
  x: data.X,
} as const;

export type HeaderIconName = keyof typeof SPRITE;

const symbolId = (name: HeaderIconName) => `icon-${name}`;

/** One icon of the sprite, decorative (its control carries the name): size it with a class. */
export function HeaderIcon({ name, className, ...props }: { name: HeaderIconName } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`lucide ${SPRITE[name].classes}${className ? ` ${className}` : ''}`} {...props}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}

/** The shapes, once per page; lucide's stroke settings sit on each symbol. */
export function HeaderIconSprite() {
  return (
    <svg aria-hidden="true" style={{ display: 'none' }}>
      {Object.entries(SPRITE).map(([name, icon]) => (
        <symbol key={name} id={symbolId(name as HeaderIconName)} viewBox="0 0 24 24" {...LUCIDE_STROKE}>
          {drawShapes(icon)}
        </symbol>
      ))}
    </svg>
  );
}
