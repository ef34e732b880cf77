import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {twinPath} from '@site/src/utils/twin-path';

/**
 * Announces the Markdown version of the page in its head, in the HTML the server sends:
 * `<link rel="alternate" type="text/markdown" href="/docs/intro.md">`, so a program that fetched the page
 * finds its Markdown without guessing the URL. Rendered by every page that has one: docs, API reference
 * pages and blog posts (with their Copy page actions) and the Markdown pages of src/pages.
 */
export default function MarkdownAlternate({permalink}: {permalink: string}): ReactNode {
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={twinPath(permalink)} />
    </Head>
  );
}
