// npm run bench:web: how fast the front door and the app's screens load. Builds the frontend (with its
// pre-rendered pages), serves it from a real API instance, and loads /, /signin, /signup, /blog and the
// signed-in screens (/dashboard, /studio, /library, /brand-brain, /billing, /settings, as a new user)
// in Debian's headless Chromium with a cold cache (a fresh browser context per load, the session
// cookie alone carried over), RUNS times each. Figures: first-load JavaScript (every script fetched
// until the network is idle, gzip bytes), total transfer (gzip bytes for text, as sent for images),
// largest contentful paint, cumulative layout shift and total blocking time (the part of each long
// task past 50 ms). The public pages' figures are the signed-in screens' baseline in the same run.
// Baseline, same run: the pre-rendered / with its scripts refused (the HTML, styles and pictures
// alone): on this shared machine a fresh browser context alone takes a few hundred milliseconds to
// first paint. Refusing scripts routes the baseline's requests through Playwright, which delays its
// picture a little: its LCP is a rough floor, its FCP a fair one.
// BENCH_RUNS (default 5) changes the number of loads; BENCH_SKIP_BUILD=1 reuses frontend/dist.
import 'reflect-metadata';
import './support/bench-env';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { openBrowser } from '../e2e/browser';
import { createTestDatabase } from '../libs/core/src/testing/test-database';
import { BENCH_APP_URL, printTable, quantile, runBenchmark } from './support/bench-helpers';
import { benchEnvironment, startApi } from './support/bench-app';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = join(__dirname, '..');
const TARGETS = { firstLoadJsGzipBytes: 120 * 1024, lcpMs: 1000, cls: 0.05 };
/** What a signed-in screen must stay within: layout shift as the public pages' target's bound. */
const APP_TARGETS = { cls: 0.1 };
const PUBLIC_PAGES = ['/', '/signin', '/signup', '/blog'] as const;
const APP_SCREENS = ['/dashboard', '/studio', '/library', '/brand-brain', '/billing', '/settings'] as const;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|ld\+json|manifest\+json)|image\/svg)/;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A new user's session (the cookies of the sign-up's answer), for the signed-in screens. */
async function signedInState(browser: Browser, base: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const email = `bench-web-${Date.now()}@example.com`;
    const res = await context.request.post(`${base}/api/auth/register`, { data: { email, password: 'a-long-password', username: 'Bench' }, headers: { Origin: BENCH_APP_URL } });
    if (!res.ok()) throw new Error(`sign-up for the signed-in screens failed: ${res.status()} ${await res.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface Load {
  jsGzip: number;
  transferGzip: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

// Runs in the page before its own scripts (DevTools protocol, so the CSP does not apply).
const OBSERVERS = `
  window.__vitals = { fcp: 0, lcp: 0, cls: 0, tbt: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.tbt += Math.max(0, e.duration - 50); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });`;

async function loadOnce(browser: Browser, url: string, pageScripts = true, session?: StorageState): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVERS });
    if (!pageScripts) await page.route('**/*.js', (route) => route.abort());
    const sizes: Promise<{ js: boolean; bytes: number }>[] = [];
    page.on('response', (response) => {
      sizes.push(
        response.body().then(
          (body) => {
            const type = response.headers()['content-type'] ?? '';
            return { js: response.request().resourceType() === 'script', bytes: COMPRESSIBLE.test(type) ? gzipSync(body).length : body.length };
          },
          () => ({ js: false, bytes: 0 }),
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP and CLS settle once the page is still; give late shifts a moment to show.
    await page.waitForTimeout(500);
    const vitals = (await page.evaluate('window.__vitals')) as { fcp: number; lcp: number; cls: number; tbt: number };
    const all = await Promise.all(sizes);
    return {
      jsGzip: all.filter((s) => s.js).reduce((sum, s) => sum + s.bytes, 0),
      transferGzip: all.reduce((sum, s) => sum + s.bytes, 0),
      requests: all.length,
      fcpMs: vitals.fcp,
      lcpMs: vitals.lcp,
      cls: vitals.cls,
      tbtMs: vitals.tbt,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => quantile(values, 0.5);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function summarize(loads: Load[]) {
  return {
    firstLoadJsGzipBytes: Math.round(median(loads.map((l) => l.jsGzip))),
    transferGzipBytes: Math.round(median(loads.map((l) => l.transferGzip))),
    requests: median(loads.map((l) => l.requests)),
    fcpMs: Math.round(median(loads.map((l) => l.fcpMs))),
    lcpMs: Math.round(median(loads.map((l) => l.lcpMs))),
    lcpMsWorst: Math.round(Math.max(...loads.map((l) => l.lcpMs))),
    cls: Number(median(loads.map((l) => l.cls)).toFixed(4)),
    clsWorst: Number(Math.max(...loads.map((l) => l.cls)).toFixed(4)),
    tbtMs: Math.round(median(loads.map((l) => l.tbtMs))),
  };
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('bench:web needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:web');
    process.exit(1);
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('building the frontend (npm run build:web) ...');
    execSync('npm run build:web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  Logger.overrideLogger(false);
  const db = await createTestDatabase();
  const { env, cleanUp } = benchEnvironment(db.url, { REDIS_URL: '', STATIC_DIR: join(root, 'frontend/dist') });
  let api: NestExpressApplication | undefined;
  try {
    let base: string;
    ({ app: api, base } = await startApi(env));
    const session = await openBrowser(base);
    try {
      console.log(`bench:web  Chromium ${session.browser.version()}, 1280×800, cold cache, ${RUNS} loads per page (median; LCP also worst)\n`);
      const results: Record<string, ReturnType<typeof summarize>> = {};
      const signedIn = await signedInState(session.browser, base);
      const pages: [label: string, path: string, scripts: boolean, session?: StorageState][] = [
        ['/ (scripts refused, baseline)', '/', false],
        ...PUBLIC_PAGES.map((path): [string, string, boolean] => [path, path, true]),
        ...APP_SCREENS.map((path): [string, string, boolean, StorageState] => [path, path, true, signedIn]),
      ];
      for (const [label, path, js, state] of pages) {
        await loadOnce(session.browser, `${base}${path}`, js, state); // warm the server, not the browser
        const loads: Load[] = [];
        for (let i = 0; i < RUNS; i++) loads.push(await loadOnce(session.browser, `${base}${path}`, js, state));
        results[label] = summarize(loads);
      }
      const rows = [['page', 'first-load JS (gzip)', 'transfer (gzip)', 'requests', 'FCP', 'LCP median', 'LCP worst', 'CLS', 'CLS worst', 'TBT']];
      for (const [label, r] of Object.entries(results))
        rows.push([label, kb(r.firstLoadJsGzipBytes), kb(r.transferGzipBytes), String(r.requests), `${r.fcpMs} ms`, `${r.lcpMs} ms`, `${r.lcpMsWorst} ms`, r.cls.toFixed(4), r.clsWorst.toFixed(4), `${r.tbtMs} ms`]);
      printTable(rows);
      const landing = results['/'];
      const baseline = results['/ (scripts refused, baseline)'];
      console.log(`\n/ hydrated vs its HTML alone: LCP ×${(landing.lcpMs / Math.max(1, baseline.lcpMs)).toFixed(2)}`);
      const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
      for (const path of ['/', '/signin', '/signup']) {
        const r = results[path];
        console.log(
          `targets for ${path}: first-load JS ≤ ${kb(TARGETS.firstLoadJsGzipBytes)} ${verdict(r.firstLoadJsGzipBytes <= TARGETS.firstLoadJsGzipBytes)}, ` +
            `LCP ≤ ${TARGETS.lcpMs} ms ${verdict(r.lcpMs <= TARGETS.lcpMs)}, CLS ≤ ${TARGETS.cls} ${verdict(r.cls <= TARGETS.cls)}`,
        );
      }
      const publicJs = Math.max(...PUBLIC_PAGES.map((path) => results[path].firstLoadJsGzipBytes));
      for (const path of APP_SCREENS) {
        const r = results[path];
        console.log(`${path}: first-load JS ×${(r.firstLoadJsGzipBytes / Math.max(1, publicJs)).toFixed(1)} the heaviest public page's, CLS worst ≤ ${APP_TARGETS.cls} ${verdict(r.clsWorst <= APP_TARGETS.cls)}`);
      }
      console.log(
        JSON.stringify({
          bench: 'web',
          runs: RUNS,
          landing,
          signin: results['/signin'],
          signup: results['/signup'],
          blog: results['/blog'],
          landingHtmlOnly: baseline,
          lcpRatioToHtmlOnly: Number((landing.lcpMs / Math.max(1, baseline.lcpMs)).toFixed(2)),
          publicPages: Object.fromEntries(PUBLIC_PAGES.map((path) => [path, results[path]])),
          screens: Object.fromEntries(APP_SCREENS.map((path) => [path, { page: path, jsGzipBytes: results[path].firstLoadJsGzipBytes, ...results[path] }])),
          targets: { ...TARGETS, appScreens: APP_TARGETS },
        }),
      );
    } finally {
      await session.close();
    }
  } finally {
    await api?.close();
    await db.drop();
    cleanUp();
  }
}

runBenchmark(main);
