// The code of a page as the indexer records it for the search's excerpts (tools/search-index.mjs: withCodeAnchors,
// codeRangesOf, the `code` of each run of a page's text), on a page indexed by Pagefind.
import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';

// An ES module that reads import.meta: imported as itself, not transpiled with the tests.
const indexer = () => import('../../tools/search-index.mjs');

/** A doc page as the build writes it: inline code, and a code block of three lines (one empty) as the theme renders it. */
const PAGE = [
  '<!doctype html><html lang=en class="docs-wrapper docs-doc-page"><body><article>',
  '<div data-pagefind-body="" data-pagefind-filter="section:Docs"><h1>Grants</h1>',
  '<p>Your account (<code>acc_</code>) needs a role. Run this as <code>SECURITYADMIN</code>:</p>',
  '<pre tabindex=0 class="prism-code language-sql"><code class=codeBlockLines_e6Vv>',
  '<span class="token-line vcl1"><span class="token keyword">USE</span><span class="token plain"> ROLE SECURITYADMIN;</span><br></span>',
  '<span class=token-line><span class="token plain"></span><br></span>',
  '<span class="token-line vcl1"><span class="token keyword">GRANT</span><span class="token plain"> USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE;</span><br></span>',
  '</code></pre><p>Then check the grants.</p></div></article></body></html>',
].join('');

test('each line of a code block is a range of words of the page text, which the ids leave as it was', async () => {
  const {withCodeAnchors, writeSearchIndex} = await indexer();
  // Lines get an id; inline code does not (an id would split "(acc_)" from its parenthesis in Pagefind's text).
  expect(withCodeAnchors(PAGE).match(/<span id="vigil-search-code-\d+" class/g)).toHaveLength(3);
  expect(withCodeAnchors(PAGE)).toContain('(<code>acc_</code>)');

  const build = mkdtempSync(join(tmpdir(), 'search-index-code-'));
  try {
    await writeSearchIndex(build, [{url: '/docs/grants', content: PAGE}]);
    const folder = join(build, 'pagefind', 'page-text');
    const [run] = readdirSync(folder).map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
    expect(run.words.join(' ')).toBe(
      'Grants. Your account (acc_) needs a role. Run this as SECURITYADMIN: USE ROLE SECURITYADMIN; GRANT USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE; Then check the grants.',
    );
    expect(run.code.map(([first, end]: [number, number]) => run.words.slice(first, end).join(' '))).toEqual([
      'USE ROLE SECURITYADMIN;',
      'GRANT USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE;',
    ]);
  } finally {
    rmSync(build, {recursive: true, force: true});
  }
});
