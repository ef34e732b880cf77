import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium-headless-shell'});
const context = await browser.newContext();
const page = await context.newPage();
const top = () => page.evaluate(() => [Math.round(scrollY), Math.round(document.querySelector('h2#troubleshooting').getBoundingClientRect().top)]);
await page.goto('http://127.0.0.1:8100/docs/configuring-datastore/snowflake');
await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
await page.locator('.table-of-contents a[href="#troubleshooting"]').click();
for (let i = 0; i < 5; i++) { console.log('toc', await top()); await page.waitForTimeout(150); }
await page.goto('http://127.0.0.1:8100/docs/intro');
await page.goto('http://127.0.0.1:8100/docs/configuring-datastore/snowflake#troubleshooting');
for (let i = 0; i < 5; i++) { console.log('direct', await top()); await page.waitForTimeout(300); }
await browser.close();
