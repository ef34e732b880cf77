// @ts-check
// The browser the tests drive, known to the test command (which installs it) and to the Playwright config.
// CommonJS, so that the scripts (ES modules) and the config (transpiled by Playwright) load the same module.
//
// Debian's chromium-headless-shell: the same Chromium release, Blink and V8 as the `chromium` package, built
// as Chromium's headless shell, the binary Playwright itself drives for headless runs. The full browser in
// headless mode opens a browser window for every context a test creates, and with it the WebUI of the
// address bar's suggestion popup (chrome://omnibox-popup.top-chrome); loading a page in a new context cost
// 3.1 s of CPU there against 1.1 s in the headless shell, so the shell halves the browser tests on 2 cores.
// The benchmark keeps the full browser (`chromium`): Lighthouse measures what Chrome does.

/** The headless shell's launcher; CHROMIUM_PATH points the tests at another Chromium. */
const TEST_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The Debian package that provides it, installed by the test command when the binary is missing. */
const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';

/**
 * The switches every Chromium of the tests and the benchmark starts with: no sandbox (root in a container), no
 * GPU, and none of the browser's own connections (updates, sync, the first-run page), which this machine's
 * closed network refuses and which would count in what a page downloads.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

module.exports = {CHROMIUM_ARGS, TEST_BROWSER, TEST_BROWSER_PACKAGE};
