import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
const context = await browser.newContext();
const page = await context.newPage();
await page.goto('http://127.0.0.1:8100/docs/intro');
await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
await page.evaluate(() => { window.__snaps = []; const snap = () => { const a = document.querySelector('article .markdown'); if (location.pathname.includes('snowflake') && a) { window.__snaps.push([Math.round(performance.now()), [...a.children].map((c) => c.tagName + (c.id ? '#' + c.id : '') + ':' + Math.round(c.getBoundingClientRect().height))]); } if (window.__snaps.length < 60) requestAnimationFrame(snap); }; requestAnimationFrame(snap); });
await page.locator('article a[href="/docs/configuring-datastore/snowflake#troubleshooting"]').first().click();
await page.waitForTimeout(2500);
const snaps = await page.evaluate(() => window.__snaps);
for (let k = 1; k < snaps.length; k++) { const a = snaps[k-1][1], b = snaps[k][1]; const diff = b.map((x, i) => x !== a[i] ? `${i}: ${a[i]} -> ${x}` : null).filter(Boolean); if (diff.length) console.log(snaps[k][0], diff.join('  ')); }
await browser.close();
