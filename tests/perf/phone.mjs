// The phone both main-thread tools load pages on (trace-lcp.mjs, profile-tasks.mjs): Debian's
// Chromium (or CHROME_PATH), Lighthouse's mobile viewport (a Moto G Power), no cache, a CPU slowdown.
import { chromium } from '@playwright/test';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu'],
  });
}

/** A new phone-sized page with its DevTools session; `context.close()` ends both. */
export async function openPhonePage(browser, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page, cdp };
}
