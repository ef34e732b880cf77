import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

type Section = {
  title: string;
  to: string;
  description: string;
};

const SECTIONS: Section[] = [
  {
    title: 'Getting Started',
    to: '/intro',
    description: 'The core concepts and a quickstart from an API token to your first alert.',
  },
  {
    title: 'Configure Datastore',
    to: '/configuring-datastore/',
    description:
      'Grants, connection fields and troubleshooting for Snowflake, BigQuery, Databricks, Redshift, PostgreSQL, MySQL, S3 and Kafka.',
  },
  {
    title: 'Data Catalog',
    to: '/onboarding-catalog/',
    description:
      'Sync AWS Glue, Unity Catalog or DataHub, or onboard one dataset from the Snowflake Marketplace or Kaggle.',
  },
  {
    title: 'Features',
    to: '/features/',
    description:
      'Profiling, rules, anomaly detection, data contracts, streaming monitoring, alerts and the quality score.',
  },
  {
    title: 'Product',
    to: '/product/',
    description: 'Architecture, security, deployment options, limits and the glossary.',
  },
  {
    title: 'API Reference',
    to: '/api',
    description: 'Every operation of the REST API with its parameters, schemas and request samples.',
  },
];

/** Links from the landing page into each section of the site. */
export default function SectionCards(): ReactNode {
  return (
    <section className={styles.sections} aria-labelledby="sections-heading">
      <div className="container">
        <Heading as="h2" id="sections-heading">
          Find your way
        </Heading>
        <ul className={styles.grid}>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link className={clsx('card', styles.card)} to={section.to}>
                <span className={styles.cardTitle}>{section.title}</span>
                <span className={styles.cardText}>{section.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
