import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync('/tmp/lhdiag/last.json', JSON.stringify(lhr));
  const a = lhr.audits;
  console.log('LCP', a['largest-contentful-paint'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue);
  for (const id of Object.keys(a).filter((k) => /lcp|largest|render-blocking|critical|network-dependency|font|document-latency/.test(k))) {
    const d = a[id].details;
    console.log('==', id, a[id].score, a[id].displayValue ?? '', JSON.stringify(d?.items ?? d ?? {}).slice(0, 1500));
  }
  for (const r of a['network-requests'].details.items) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.resourceType, r.priority, Math.round(r.transferSize / 1024) + 'KB', r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90));
} finally { chrome.kill(); }
