import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

/** The landing page banner: product name, tagline and the two ways in. */
export default function HomepageHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={clsx('hero', styles.hero)}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title} documentation
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.summary}>
          Vigil watches your tables, files and streams as the data arrives: it profiles columns, evaluates your rules
          and data contracts, scores quality from 0 to 100 and alerts the owners before a broken number reaches a
          dashboard or a model.
        </p>
        <div className={styles.actions}>
          <Link className="button button--secondary button--lg" to="/intro">
            Start the 15-minute quickstart
          </Link>
          <Link className={clsx('button button--outline button--lg', styles.outlineButton)} to="/api">
            Browse the API reference
          </Link>
        </div>
      </div>
    </header>
  );
}
