import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
for (const id of ['troubleshooting', 'remove-vigils-access']) {
const context = await browser.newContext({viewport: {width: 1280, height: 800}});
const page = await context.newPage();
await page.addInitScript((id) => { window.__log = []; let last; const t = () => { const h = document.getElementById(id); const e = [Math.round(scrollY), h ? Math.round(h.getBoundingClientRect().top) : null, document.documentElement.hasAttribute('data-lay-out-blocks'), document.readyState, document.documentElement.dataset.hasHydrated]; const k = JSON.stringify(e); if (k !== last) { window.__log.push([Math.round(performance.now()), ...e]); last = k; } if (performance.now() < 4000) requestAnimationFrame(t); }; requestAnimationFrame(t); document.fonts.ready.then(() => window.__log.push([Math.round(performance.now()), 'fonts'])); }, id);
await page.goto('http://127.0.0.1:8100/docs/configuring-datastore/snowflake#' + id);
await page.waitForTimeout(4200);
console.log(id); for (const e of await page.evaluate(() => window.__log)) console.log(JSON.stringify(e));
await context.close();
}
await browser.close();
