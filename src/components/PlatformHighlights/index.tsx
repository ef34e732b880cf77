import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

type Highlight = {
  title: string;
  text: string;
};

const HIGHLIGHTS: Highlight[] = [
  {
    title: 'Checks where the data lives',
    text: 'Profiles and rules run as SQL inside Snowflake, BigQuery, Databricks, Redshift, PostgreSQL and MySQL. Only aggregates and a bounded sample of failing rows leave your account.',
  },
  {
    title: 'Batch and streaming',
    text: 'Batch jobs run on a cron schedule and read only new rows past a watermark; streaming jobs check Kafka topics in micro-batch windows from 5 seconds.',
  },
  {
    title: 'Contracts that run',
    text: 'Data contracts state schema, freshness, volume and rules for a dataset. Vigil evaluates them on every run and marks a broken one violated.',
  },
  {
    title: 'One score, six dimensions',
    text: 'Completeness, validity, uniqueness, freshness, volume and consistency combine into a 0-100 quality score with weights you set.',
  },
];

/** What the platform does, in four statements a data engineer can check in the docs. */
export default function PlatformHighlights(): ReactNode {
  return (
    <section className={styles.highlights} aria-labelledby="highlights-heading">
      <div className="container">
        <Heading as="h2" id="highlights-heading">
          What Vigil does
        </Heading>
        <div className="row">
          {HIGHLIGHTS.map((highlight) => (
            <div key={highlight.title} className="col col--3">
              <Heading as="h3" className={styles.title}>
                {highlight.title}
              </Heading>
              <p>{highlight.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
