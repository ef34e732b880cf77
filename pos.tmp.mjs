import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
for (const rate of [1, 4]) for (let r = 0; r < 2; r++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate});
  await page.addInitScript(() => {
    window.__pos = [];
    let last;
    const tick = () => {
      const a = document.querySelector('article a[href="/docs/configuring-datastore/snowflake#troubleshooting"]');
      const y = a ? Math.round(a.getBoundingClientRect().top + scrollY) : null;
      const h = document.documentElement.dataset.hasHydrated;
      if (y !== last) { window.__pos.push([Math.round(performance.now()), y, h]); last = y; }
      if (performance.now() < 6000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto('http://127.0.0.1:8100/docs/intro');
  await page.waitForTimeout(6500);
  console.log(rate, await page.evaluate(() => JSON.stringify(window.__pos)));
  await context.close();
}
await browser.close();
