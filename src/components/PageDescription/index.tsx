import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';

/** The page's meta description, for search results and link previews (og:description mirrors it). */
export default function PageDescription({children}: {children: string}): ReactNode {
  return (
    <Head>
      <meta name="description" content={children} />
      <meta property="og:description" content={children} />
    </Head>
  );
}
