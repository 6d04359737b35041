// Full-page screenshots of the home page, an article and the visa finder on a phone (390×844) and
// a desktop (1440×900) viewport, from a running server; then, with a second folder, a pixel
// comparison of the two sets (done in Chromium, no image library needed).
// Usage: node tests/perf/screenshots.mjs shoot <base-url> <folder>
//        node tests/perf/screenshots.mjs compare <folder-a> <folder-b>
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PAGES = { home: '/fr', article: '/fr/blog/guide-complet-immigration-maurice', 'visa-finder': '/fr/visa-finder' };
const VIEWPORTS = { phone: { width: 390, height: 844, isMobile: true, deviceScaleFactor: 1 }, desktop: { width: 1440, height: 900, deviceScaleFactor: 1 } };
const [mode, a, b] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  if (mode === 'shoot') {
    mkdirSync(b, { recursive: true });
    for (const [vpName, { width, height, ...rest }] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport: { width, height }, ...rest, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const [name, url] of Object.entries(PAGES)) {
        await page.goto(`${a}${url}`, { waitUntil: 'networkidle' });
        // Every lazy image loaded, blur placeholders gone.
        await page.evaluate(async () => {
          for (const img of document.images) img.loading = 'eager';
          await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
        });
        await page.waitForTimeout(800);
        await page.screenshot({ path: path.join(b, `${name}-${vpName}.png`), fullPage: true });
      }
      await context.close();
    }
  } else if (mode === 'compare') {
    const page = await browser.newPage();
    for (const file of readdirSync(a).filter((name) => name.endsWith('.png'))) {
      const urls = [a, b].map((dir) => `data:image/png;base64,${readFileSync(path.join(dir, file)).toString('base64')}`);
      const result = await page.evaluate(async ([left, right]) => {
        const load = (src) =>
          new Promise((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve(img);
            img.onerror = reject;
            img.src = src;
          });
        const [x, y] = await Promise.all([load(left), load(right)]);
        const width = Math.max(x.width, y.width);
        const height = Math.max(x.height, y.height);
        const pixels = (img) => {
          const canvas = new OffscreenCanvas(width, height);
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, width, height).data;
        };
        const [p, q] = [pixels(x), pixels(y)];
        let differing = 0;
        let touched = 0;
        let maxDelta = 0;
        let firstRow = -1;
        for (let i = 0; i < p.length; i += 4) {
          const delta = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2]));
          if (delta > 0) touched += 1;
          maxDelta = Math.max(maxDelta, delta);
          // Above 24 of 255 on a channel, a difference can be seen; below, it is encoder-level noise.
          if (delta > 24) {
            differing += 1;
            if (firstRow < 0) firstRow = Math.floor(i / 4 / width);
          }
        }
        return { sizes: `${x.width}×${x.height} vs ${y.width}×${y.height}`, differing, touched, maxDelta, share: differing / (width * height), firstRow };
      }, urls);
      console.log(
        `${file}: ${result.sizes}, ${result.differing} pixels differ visibly (${(result.share * 100).toFixed(3)} %), ${result.touched} differ at all (largest channel difference ${result.maxDelta}/255)${result.firstRow >= 0 ? `, first at row ${result.firstRow}` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
}
