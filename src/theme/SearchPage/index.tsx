import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchPage from '@theme-original/SearchPage';

/** The search page under the site's title template (why: src/theme/README.md). */
export default function SearchPageWrapper(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <>
      <Head titleTemplate={`%s ${siteConfig.titleDelimiter} ${siteConfig.title}`}>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <SearchPage />
    </>
  );
}
