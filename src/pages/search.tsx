import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import SearchResultsPage from '@site/src/components/SearchResultsPage';

export default function Search(): ReactNode {
  return (
    <Layout title="Search" description="Search the Vigil documentation, API reference and blog.">
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <SearchResultsPage />
    </Layout>
  );
}
