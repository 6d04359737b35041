// What the main thread does before the largest paint, as Chromium's Performance panel records it:
// a phone-sized page with a 4× CPU slowdown, traced, and the trace read back as a short timeline
// (when each script arrived and ran, when the HTML was parsed, each paint, the LCP candidates).
//
// Usage: node tests/perf/trace-lcp.mjs URL [URL …]   (a running server: npm start, or bench:lighthouse's)
//   TRACE_RUNS=3        loads per URL (the summary line is printed for each)
//   TRACE_CPU=4         CPU slowdown
//   TRACE_VERBOSE=1     the full timeline of the last load, not only the summary
//   TRACE_SAVE=dir      keeps each trace as JSON (opens in the Performance panel)
//   CHROME_PATH         Chromium binary (default: /usr/bin/chromium)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openPhonePage } from './phone.mjs';

const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const CPU = Number(process.env.TRACE_CPU ?? 4);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8.execute'];

async function traceOnce(browser, url) {
  const { context, page, cdp } = await openPhonePage(browser, CPU);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return events;
}

export function analyse(events) {
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((o) => o.pid === e.pid && o.name === 'ParseHTML'),
  );
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.pid === main.pid && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'),
  )?.ts;
  const at = (ts) => Math.round((ts - start) / 1000);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ts >= start);
  const timeline = [];
  const requests = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.ts < start) continue;
    if (e.name === 'ResourceSendRequest')
      requests.set(data.requestId, { name: requests.size ? path.basename(new URL(data.url).pathname) : 'document', received: 0 });
    const request = requests.get(data?.requestId);
    if (!request) continue;
    if (e.name === 'ResourceReceivedData' && request.name === 'document') {
      request.received += data.encodedDataLength;
      timeline.push([at(e.ts), 0, `  network: document ${(request.received / 1024).toFixed(1)} KB received`]);
    }
    if (e.name === 'ResourceFinish' && /\.(js|css)$/.test(request.name)) timeline.push([at(e.ts), 0, `  network: ${request.name} loaded`]);
  }
  let lcp;
  for (const e of onMain) {
    const dur = Math.round((e.dur ?? 0) / 1000);
    if (e.name === 'ParseHTML') timeline.push([at(e.ts), dur, 'ParseHTML']);
    else if (e.name === 'EvaluateScript' && e.args?.data?.url) timeline.push([at(e.ts), dur, `EvaluateScript ${path.basename(e.args.data.url)}`]);
    else if (e.name === 'FunctionCall' && dur >= 3)
      timeline.push([at(e.ts), dur, `FunctionCall ${e.args?.data?.functionName || ''} ${path.basename(e.args?.data?.url ?? '')}`]);
    else if (e.name === 'Layout' && dur >= 2) timeline.push([at(e.ts), dur, 'Layout']);
    else if (e.name === 'UpdateLayoutTree' && dur >= 2) timeline.push([at(e.ts), dur, 'Recalculate style']);
    else if (e.name === 'Paint' || e.name === 'PrePaint') timeline.push([at(e.ts), dur, e.name]);
  }
  for (const e of events.filter((x) => x.pid === main.pid && x.ts >= start)) {
    if (e.name === 'firstContentfulPaint') timeline.push([at(e.ts), 0, '▶ FCP']);
    if (e.name === 'largestContentfulPaint::Candidate') {
      const d = e.args.data;
      lcp = { at: at(e.ts), type: d.type, nodeName: d.nodeName, size: d.size };
      timeline.push([at(e.ts), 0, `▶ LCP candidate ${d.type} ${d.nodeName ?? ''} size ${d.size}`]);
    }
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  const evaluated = timeline.filter(([, , label]) => label.startsWith('EvaluateScript'));
  timeline.sort((a, b) => a[0] - b[0]);
  const parse = timeline.filter(([, , label]) => label === 'ParseHTML');
  return {
    fcp: fcp ? at(fcp.ts) : NaN,
    lcp,
    scriptsBeforeLcp: evaluated.filter(([t]) => lcp && t < lcp.at).length,
    scripts: evaluated.length,
    parseEnd: parse.length ? Math.max(...parse.map(([t, d]) => t + d)) : NaN,
    parseChunks: parse.length,
    timeline,
  };
}

async function main(urls) {
  const browser = await launchChromium();
  try {
    for (const url of urls) await fetch(url);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const url of urls) {
        const events = await traceOnce(browser, url);
        if (process.env.TRACE_SAVE) {
          mkdirSync(process.env.TRACE_SAVE, { recursive: true });
          writeFileSync(
            path.join(process.env.TRACE_SAVE, `${new URL(url).pathname.replaceAll('/', '_')}-${run}.json`),
            JSON.stringify({ traceEvents: events }),
          );
        }
        const r = analyse(events);
        console.log(
          `run ${run} ${url}: FCP ${r.fcp} ms, LCP ${r.lcp?.at} ms (${r.lcp?.type} ${r.lcp?.nodeName ?? ''}), HTML parsed in ${r.parseChunks} chunk(s) by ${r.parseEnd} ms, scripts run before LCP ${r.scriptsBeforeLcp}/${r.scripts}`,
        );
        if (process.env.TRACE_VERBOSE && run === RUNS)
          for (const [t, d, label] of r.timeline) console.log(`  ${String(t).padStart(5)} ms ${String(d).padStart(4)} ms  ${label}`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const urls = process.argv.slice(2);
  if (!urls.length) throw new Error('Usage: node tests/perf/trace-lcp.mjs URL [URL …]');
  await main(urls);
}
