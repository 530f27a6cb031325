import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
(async () => {
  const base = 'http://localhost:3977';
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const setup = await browser.newContext();
  await setup.request.post(base + '/api/auth/login', { data: { email: 'shots@example.com', password: 'a-long-password' }, headers: { Origin: base } });
  const state = await setup.storageState();
  for (const path of ['/dashboard', '/studio', '/library', '/settings']) {
    const ctx = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const files: Promise<[string, number]>[] = [];
    page.on('response', (r) => { if (r.request().resourceType() === 'script') files.push(r.body().then((b) => [r.url().split('/').pop()!, gzipSync(b).length] as [string, number])); });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const all = (await Promise.all(files)).sort((a, b) => b[1] - a[1]);
    console.log(path, Math.round(all.reduce((s, f) => s + f[1], 0) / 1024), 'kB', all.slice(0, 14).map(([n, s]) => `${n}:${Math.round(s / 1024)}`).join(' '));
    await ctx.close();
  }
  await browser.close();
})();
