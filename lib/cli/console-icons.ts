// `npm run icons:console`: the installed console's icons (public/admin/icons/), drawn from the
// site's icon (app/icon.svg) with sharp. Run again when the icon changes; the PNGs are committed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CONSOLE_ICONS, CONSOLE_THEME } from '../console-app/app';

const root = process.cwd();
const icon = readFileSync(path.join(root, 'app/icon.svg'), 'utf8');
const inner = icon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** Maskable: the launcher crops to any shape inside the central 80 %, so the disc sits in a full-bleed square of its own colour. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 40 40"><rect x="-4" y="-4" width="40" height="40" fill="${CONSOLE_THEME.themeColor}"/>${inner}</svg>`;
/** Badge: Android draws only the alpha channel in the status bar, so the disc with the wave and sun cut out. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><mask id="m"><rect width="32" height="32" fill="#fff"/><path d="M5 20c4-3 7-3 11 0s7 3 11 0v4c-4 3-7 3-11 0s-7-3-11 0z" fill="#000"/><circle cx="21" cy="11" r="4" fill="#000"/></mask><circle cx="16" cy="16" r="16" fill="#fff" mask="url(#m)"/></svg>`;

const SOURCES = { any: icon, maskable, badge } as const;

async function drawIcons() {
  for (const { file, size, source } of CONSOLE_ICONS) {
    const out = path.join(root, 'public', file);
    await sharp(Buffer.from(SOURCES[source]), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(out);
    console.log(`${out} ${size}×${size}`);
  }
}

void drawIcons();
