import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import {curlCommand, FIRST_RESULT, jsonText} from './requests';
import styles from './styles.module.css';

/**
 * The landing page banner: product name, tagline and the two ways in on the left; on the right, what Vigil
 * gives back after the quickstart, as the API returns it (on a phone, below the buttons).
 */
export default function HomepageHero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {call, status, response} = FIRST_RESULT;
  return (
    <header className={clsx('hero', styles.hero)}>
      <div className={clsx('container', styles.layout)}>
        <div className={styles.text}>
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
            <Link className={clsx('button button--secondary button--lg', styles.button)} to="/intro">
              Start the 15-minute quickstart
            </Link>
            <Link className={clsx('button button--outline button--lg', styles.button, styles.outlineButton)} to="/api">
              Browse the API reference
            </Link>
          </div>
        </div>
        <figure className={styles.exchange} aria-labelledby="hero-exchange-caption">
          <figcaption id="hero-exchange-caption" className={styles.caption}>
            After the first run: the profile of <code>ANALYTICS.PUBLIC.ORDERS</code>, from{' '}
            <Link to={call.apiPage} className={styles.captionLink}>
              {call.operationId}
            </Link>
            . A negative <code>amount</code> is the first rule to write.
          </figcaption>
          <pre className={styles.code} data-operation-id={call.operationId} data-part="request">
            <code>{curlCommand(call)}</code>
          </pre>
          <p className={styles.status}>{status}</p>
          <pre className={styles.code} data-operation-id={call.operationId} data-part="response">
            <code>{jsonText(response)}</code>
          </pre>
        </figure>
      </div>
    </header>
  );
}
