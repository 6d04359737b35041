import { createElement } from 'react';

/** An icon's SVG shapes (from lucide-react, see components/ui/generate-icon-data.mjs) and its CSS classes. */
export interface IconData {
  classes: string;
  node: [tag: string, attributes: Record<string, string>][];
}

/** lucide's drawing settings, on each icon (or, for a sprite, on each symbol). */
export const LUCIDE_STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** An icon's shapes as React elements. */
export const drawShapes = ({ node }: IconData) => node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }));
