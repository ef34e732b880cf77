import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
const context = await browser.newContext({viewport: {width: 1280, height: 800}});
const page = await context.newPage();
await page.addInitScript(() => { window.__snaps = []; const snap = () => { const a = document.querySelector('article .markdown'); if (a && document.readyState === 'complete') { window.__snaps.push([Math.round(performance.now()), document.documentElement.dataset.hasHydrated, [...a.children].map((c) => c.tagName + (c.id ? '#' + c.id : '') + '.' + String(c.className).slice(0,20) + ':' + Math.round(c.getBoundingClientRect().height))]); } if (performance.now() < 3000) requestAnimationFrame(snap); }; requestAnimationFrame(snap); });
await page.goto('http://127.0.0.1:8100/docs/configuring-datastore/snowflake#troubleshooting');
await page.waitForTimeout(3200);
const snaps = await page.evaluate(() => window.__snaps);
for (let k = 1; k < snaps.length; k++) { const a = snaps[k-1][2], b = snaps[k][2]; const diff = b.map((x, i) => x !== a[i] ? `${i}: ${a[i]} -> ${x}` : null).filter(Boolean); if (diff.length) console.log(snaps[k][0], snaps[k][1], diff.join('  ')); }
await browser.close();
