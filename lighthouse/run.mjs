#!/usr/bin/env node
// Lighthouse 12 (mobile profile, the default config) on the fan app's home, fixture, seat map and
// checkout pages, in Debian's Chromium. One line per page with its scores; the full reports land
// in e2e/screenshots/lighthouse-<page>.report.json (and .html), which git ignores.
//
// The checkout page needs a signed-in fan with a held order: the script signs the demo fan in
// through the API (a cookie jar of its own), holds one seat of the first seated block of the first
// fixture on sale (best available), opens the order, hands the session cookie to Lighthouse as an
// extra `Cookie` header, and cancels the order at the end so the seat goes back on sale.
//
// Usage: node run.mjs <baseUrl> [--runs N]   (N runs per page, the median performance kept)
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LH_FAN_EMAIL, LH_FAN_PASSWORD,
// LH_MIN_SCORE (default 90: the exit code is 1 when a page scores under it), LH_PAGES (some of
// home,fixture,seatmap,checkout, comma-separated: only those are measured; default all four),
// LH_EACH_RUN (set: one line per run as well, not only the median's).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility'];
const REPORTS_DIR = path.resolve(import.meta.dirname, '..', 'e2e', 'screenshots');

const args = process.argv.slice(2);
const base = (args.find((arg) => !arg.startsWith('--') && !/^\d+$/.test(arg)) ?? '').replace(/\/+$/, '');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1] ?? 1)) : 1;
const minScore = Number(process.env.LH_MIN_SCORE ?? 90);
const wanted = new Set((process.env.LH_PAGES ?? 'home,fixture,seatmap,checkout').split(',').map((name) => name.trim()));
if (base === '') {
  console.error('usage: node run.mjs <baseUrl> [--runs N]   e.g. node run.mjs http://127.0.0.1:8080');
  process.exit(2);
}
const fan = {
  email: process.env.LH_FAN_EMAIL ?? 'tifoso@lario.test',
  password: process.env.LH_FAN_PASSWORD ?? 'lario-tifoso-2026',
};

/** A tiny cookie jar over fetch, for the API calls that prepare the checkout page. */
class Session {
  cookies = new Map();

  async request(method, urlPath, body) {
    // The CSRF token first: asking for it sets the cookie the request must carry with it.
    const token = method === 'GET' ? undefined : await this.csrf();
    const headers = { cookie: this.cookieHeader() };
    if (token !== undefined) {
      headers['x-csrf-token'] = token;
    }
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`);
    }
    return text === '' ? null : JSON.parse(text);
  }

  async csrf() {
    const response = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: this.cookieHeader() } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return (await response.json()).csrf_token;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The first league fixture on sale, and the first block of a sector with a seat map. */
async function pickFixtureAndBlock() {
  const { items } = await (await fetch(`${base}/api/fixtures?kind=league`)).json();
  const fixture = items.find((f) => f.status === 1 && f.inventory_ready);
  if (fixture === undefined) {
    throw new Error(`no league fixture on sale at ${base} (GET /api/fixtures?kind=league): seed the demo data first`);
  }
  const detail = await (await fetch(`${base}/api/fixtures/${fixture.id}`)).json();
  const sector = (detail.sectors ?? []).find((s) => !s.no_map && s.blocks.length > 0);
  if (sector === undefined) {
    throw new Error(`fixture ${fixture.id} has no sector with a seat map`);
  }
  return { fixtureId: fixture.id, blockId: sector.blocks[0].id };
}

/** Signs the fan in and holds one seat, then opens the order: its id. */
async function holdAnOrder(session, fixtureId, blockId) {
  await session.request('POST', '/api/auth/password', { ...fan, area: 'fan' });
  // A hold left by an interrupted run would refuse a new one: let it go first.
  await session.request('DELETE', `/api/fixtures/${fixtureId}/hold`).catch(() => undefined);
  await session.request('POST', `/api/fixtures/${fixtureId}/hold`, { block_id: blockId, quantity: 1 });
  const order = await session.request('POST', `/api/fixtures/${fixtureId}/checkout`);
  return order.id;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * One page's audits. `cookies` (the signed-in fan's) go into the browser itself, and Lighthouse
 * keeps them (`disableStorageReset`): given as an extra Cookie header instead, they were dropped
 * as soon as the page set a cookie of its own (the CSRF token), and the checkout was measured
 * as the sign-in page it then redirected to.
 */
async function audit(port, name, url, cookies) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    let browser;
    let page;
    if (cookies !== undefined) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
      page = await browser.newPage();
      await browser.setCookie(...cookies.map(([cookieName, value]) => ({ name: cookieName, value, domain: new URL(base).hostname, path: '/' })));
    }
    const result = await lighthouse(
      url,
      { port, output: ['json', 'html'], logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: cookies !== undefined },
      undefined,
      page,
    );
    if (page !== undefined) {
      await page.close();
      await browser.disconnect();
    }
    if (result !== undefined && result.lhr.finalDisplayedUrl !== url) {
      throw new Error(`${name}: Lighthouse ended at ${result.lhr.finalDisplayedUrl}, not ${url}`);
    }
    if (result === undefined) {
      throw new Error(`Lighthouse gave no result for ${url}`);
    }
    results.push(result);
    if (process.env.LH_ARTIFACTS !== undefined) {
      const { Trace, DevtoolsLog } = result.artifacts;
      await writeFile(path.join(process.env.LH_ARTIFACTS, `${name}-${i + 1}.trace.json`), JSON.stringify(Trace));
      await writeFile(path.join(process.env.LH_ARTIFACTS, `${name}-${i + 1}.devtoolslog.json`), JSON.stringify(DevtoolsLog));
    }
    if (process.env.LH_EACH_RUN !== undefined) {
      const { audits, categories } = result.lhr;
      console.log(
        `  ${name} run ${i + 1}: ${Math.round((categories.performance.score ?? 0) * 100)} (FCP ${audits['first-contentful-paint'].displayValue}, ` +
          `LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue})`,
      );
    }
  }
  const perf = median(results.map((r) => r.lhr.categories.performance.score ?? 0));
  const chosen = results.find((r) => (r.lhr.categories.performance.score ?? 0) === perf) ?? results[0];
  const [json, html] = chosen.report;
  await writeFile(path.join(REPORTS_DIR, `lighthouse-${name}.report.json`), json);
  await writeFile(path.join(REPORTS_DIR, `lighthouse-${name}.report.html`), html);
  const lhr = chosen.lhr;
  const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
  const line = {
    name,
    performance: score('performance'),
    accessibility: score('accessibility'),
  };
  const warning = lhr.runWarnings.length > 0 ? `  warnings: ${lhr.runWarnings.join(' | ')}` : '';
  console.log(
    `${name.padEnd(9)} performance ${String(line.performance).padStart(3)}  accessibility ${String(line.accessibility).padStart(3)}` +
      `  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})  ${url}${warning}`,
  );
  if (line.accessibility < 100) {
    const failed = Object.values(lhr.audits).filter(
      (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0),
    );
    for (const a of failed) console.log(`          accessibility: ${a.id} (${a.title})`);
  }
  return line;
}

await mkdir(REPORTS_DIR, { recursive: true });
// Without a fixture on sale only the home page can be measured: the others are reported as missing.
let sale = null;
let orderId = null;
const session = new Session();
try {
  sale = await pickFixtureAndBlock();
  orderId = await holdAnOrder(session, sale.fixtureId, sale.blockId);
} catch (error) {
  console.error(`fixture, seat map and checkout not measured: ${error.message}`);
  process.exitCode = 1;
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_FLAGS,
});
const lines = [];
try {
  if (wanted.has('home')) lines.push(await audit(chrome.port, 'home', `${base}/`));
  if (sale !== null) {
    const { fixtureId, blockId } = sale;
    if (wanted.has('fixture')) lines.push(await audit(chrome.port, 'fixture', `${base}/selectedfixture/${fixtureId}`));
    if (wanted.has('seatmap')) {
      lines.push(await audit(chrome.port, 'seatmap', `${base}/selectedfixturetickets/${fixtureId}?block=${blockId}`));
    }
  }
  if (orderId !== null && wanted.has('checkout')) {
    lines.push(await audit(chrome.port, 'checkout', `${base}/checkout/${orderId}`, [...session.cookies]));
  }
} finally {
  chrome.kill();
  if (orderId !== null) {
    await session.request('DELETE', `/api/orders/${orderId}`).catch((error) => {
      console.error(`could not cancel order ${orderId}: ${error.message}`);
    });
  }
}
console.log(`reports: ${REPORTS_DIR}/lighthouse-*.report.{json,html}`);
const under = lines.filter((l) => l.performance < minScore || l.accessibility < minScore);
if (under.length > 0) {
  console.error(`under ${minScore}: ${under.map((l) => l.name).join(', ')}`);
  process.exit(1);
}
