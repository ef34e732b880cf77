import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import HomepageHero from '@site/src/components/HomepageHero';
import QuickstartSteps from '@site/src/components/QuickstartSteps';
import SectionCards from '@site/src/components/SectionCards';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation"
      description="Vigil documentation: the quickstart in three API calls, the setup page of every datastore and data catalog, and the guides data engineers look for first.">
      <main>
        <HomepageHero />
        <QuickstartSteps />
        <SectionCards />
      </main>
    </Layout>
  );
}
