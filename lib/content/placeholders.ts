import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { yamlFilesIn } from './yaml-file';

// Relative imports only: next.config.ts prints the warning at build time, before "@/" exists.

/** The files whose entries may be placeholders (`example: true`). */
export function claimFiles(base: string = process.cwd()): string[] {
  return [
    'content/agency/identity.yaml',
    'content/agency/claims.yaml',
    'content/agency/timeline.yaml',
    'content/legal.yaml',
    ...yamlFilesIn('content/team', base),
    ...yamlFilesIn('content/testimonials', base),
  ];
}

/** Every entry marked `example: true`, as `file:line field`. */
export function listPlaceholders(files: string[] = claimFiles(), base: string = process.cwd()): string[] {
  return files.flatMap((file) => {
    const counter = new LineCounter();
    const doc = parseDocument(readFileSync(path.join(/*turbopackIgnore: true*/ base, file), 'utf8'), { lineCounter: counter });
    const found: string[] = [];
    const walk = (node: unknown, at: (string | number)[]) => {
      if (!node || typeof node !== 'object') return;
      if ((node as { example?: unknown }).example === true) {
        const position = doc.getIn([...at, 'example'], true) as { range?: [number] } | undefined;
        const line = position?.range ? counter.linePos(position.range[0]).line : 1;
        found.push(`${file}:${line}${at.length > 0 ? ` ${at.join('.')}` : ''}`);
        return;
      }
      for (const [key, child] of Object.entries(node)) walk(child, [...at, Array.isArray(node) ? Number(key) : key]);
    };
    walk(doc.toJS(), []);
    return found;
  });
}

/** The one warning a production build and start print while placeholders remain, or null. */
export function placeholderWarning(placeholders: string[] = listPlaceholders()): string | null {
  if (placeholders.length === 0) return null;
  return [
    `⚠ ${placeholders.length} placeholder entries (example: true) are still in content/. Production pages and structured data leave them out, so the site says less than it could:`,
    ...placeholders.map((entry) => `    ${entry}`),
    '  Replace each with the real fact and set example: false (content/README.md, "Replacing a placeholder").',
  ].join('\n');
}
