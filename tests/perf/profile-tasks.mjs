// What the main thread runs after the first paint, where Lighthouse's Total Blocking Time counts:
// a phone-sized load with a CPU slowdown, its long tasks (the Long Tasks API) and a sampled CPU
// profile added up by script and by function (self time). V8 counts the lazy compiling of a
// function in its caller's frame: a module loader with a large self time is compiling the modules
// it calls (issue 34, lib/paint-first/compile-hints.ts).
//
// Usage: node tests/perf/profile-tasks.mjs URL [URL …]   (a running server: npm start)
//   PROFILE_RUNS=3   loads per URL (the long tasks of each; the profile of the last)
//   PROFILE_CPU=4    CPU slowdown (1: as this machine runs)
//   PROFILE_TOP=20   functions listed
//   CHROME_PATH      Chromium binary (default: /usr/bin/chromium)
import path from 'node:path';
import { launchChromium, openPhonePage } from './phone.mjs';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const CPU = Number(process.env.PROFILE_CPU ?? 4);
const TOP = Number(process.env.PROFILE_TOP ?? 20);
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

async function profileOnce(browser, url) {
  const { context, page, cdp } = await openPhonePage(browser, CPU);
  await page.addInitScript(() => {
    const tasks = [];
    window.__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.next?.router !== undefined, undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const { fcp, tasks } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    tasks: window.__longTasks,
  }));
  await context.close();
  return { fcp, tasks, profile };
}

/** Self time (ms) by script file and by function, from a CPU profile's samples. */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map();
  const byFunction = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id).callFrame;
    const ms = profile.timeDeltas[i] / 1000;
    if (!frame.url && IDLE.has(frame.functionName)) return;
    const file = path.basename(new URL(frame.url || 'native:/(native)').pathname) || '(inline)';
    add(byScript, file, ms);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`, ms);
  });
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { byScript: sorted(byScript), byFunction: sorted(byFunction) };
}

async function main() {
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error('Usage: node tests/perf/profile-tasks.mjs URL [URL …]');
  const browser = await launchChromium();
  try {
    for (const url of urls) {
      let last;
      for (let run = 1; run <= RUNS; run += 1) {
        last = await profileOnce(browser, url);
        // As Lighthouse counts it: what a task runs past its first 50 ms, after the first contentful paint.
        const blocking = last.tasks.reduce((sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start + 50, last.fcp)), 0);
        console.log(
          `${url} run ${run}/${RUNS} (CPU ×${CPU}): FCP ${Math.round(last.fcp)} ms; long tasks [start ms, duration ms] ${JSON.stringify(last.tasks)}; blocking after FCP ${Math.round(blocking)} ms`,
        );
      }
      const { byScript, byFunction } = selfTimes(last.profile);
      console.log('  self time by script (last run):');
      for (const [file, ms] of byScript.slice(0, 12)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${file}`);
      console.log(`  self time by function (last run, top ${TOP}):`);
      for (const [name, ms] of byFunction.slice(0, TOP)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
