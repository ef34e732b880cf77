import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import HomepageHero from '@site/src/components/HomepageHero';
import PlatformHighlights from '@site/src/components/PlatformHighlights';
import SectionCards from '@site/src/components/SectionCards';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation"
      description="Vigil documentation: set up real-time data observability, connect datastores, onboard a data catalog and integrate with the Vigil API.">
      <main>
        <HomepageHero />
        <PlatformHighlights />
        <SectionCards />
      </main>
    </Layout>
  );
}
