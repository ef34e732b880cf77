import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
const rate = Number(process.argv[2] ?? 1);
let bad = 0;
for (let i = 0; i < Number(process.argv[3] ?? 30); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate});
  await page.goto('http://127.0.0.1:8100/docs/intro');
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.evaluate(() => { window.__log = []; const t = () => { const h = document.querySelector('h2#troubleshooting'); window.__log.push([Math.round(performance.now()), location.pathname.slice(-9), Math.round(scrollY), h ? Math.round(h.getBoundingClientRect().top) : null]); if (window.__log.length < 400) requestAnimationFrame(t); }; requestAnimationFrame(t); });
  await page.locator('article a[href="/docs/configuring-datastore/snowflake#troubleshooting"]').first().click();
  await page.waitForTimeout(2500);
  const log = await page.evaluate(() => window.__log);
  const dedup = log.filter((e, k) => k === 0 || JSON.stringify(e.slice(1)) !== JSON.stringify(log[k - 1].slice(1)));
  const last = log.at(-1);
  const ok = last[1] === 'snowflake' && last[3] !== null && last[3] >= 0 && last[3] < 720;
  if (!ok) bad++;
  if (!ok || i < 2) console.log(i, ok, JSON.stringify(dedup));
  await context.close();
}
console.log('bad', bad);
await browser.close();
