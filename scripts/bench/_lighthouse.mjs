// Driven by scripts/bench/lighthouse.py (not a benchmark on its own): runs Lighthouse's default (mobile) profile,
// performance category, on each page with the system Chromium (CHROME_PATH, /usr/bin/chromium; never a
// downloaded browser). Pages marked signedIn get the client's session store (dorm_user) written first (the page's
// own `user`, else the common one), and Lighthouse is told not to clear storage. Prints one JSON array on stdout; with LH_REPORT_DIR set, also writes
// each page's full Lighthouse report there (<path>.json).
//
//   node scripts/bench/_lighthouse.mjs '{"base": "http://127.0.0.1:PORT", "user": {...}, "pages": [{"path": "/auth"}]}'
import fs from 'fs';
import path from 'path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const { base, user, pages } = JSON.parse(process.argv[2]);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});

const results = [];
try {
  for (const target of pages) {
    const page = await browser.newPage();
    // Storage is kept for the session (disableStorageReset), which also keeps the HTTP cache: every page starts cold.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    if (target.signedIn) {
      await page.goto(`${base}/api/v1/health`);
      await page.evaluate((stored) => window.localStorage.setItem('dorm_user', stored), JSON.stringify(target.user || user));
    }
    const runner = await lighthouse(
      `${base}${target.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    const { lhr } = runner;
    // LH_REPORT_DIR=/some/dir keeps each page's full report (lhr JSON) to see where the main thread's time goes.
    if (process.env.LH_REPORT_DIR) {
      fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = target.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
    }
    const requests = lhr.audits['network-requests'].details.items;
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const audit = (id) => (lhr.audits[id] ? lhr.audits[id].numericValue : null);
    results.push({
      path: target.path,
      finalUrl: lhr.finalDisplayedUrl,
      score: lhr.categories.performance.score,
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize || 0), 0),
      jsResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize || 0), 0),
      jsFiles: scripts.length,
      runtimeError: lhr.runtimeError ? lhr.runtimeError.code : null,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
