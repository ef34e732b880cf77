import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {curlCommand, QUICKSTART} from '@site/src/components/HomepageHero/requests';
import styles from './styles.module.css';

/**
 * The product in three calls: the quickstart's token, datastore and job, each as the curl command that does it,
 * with the operation's reference page and the guide that explains the step.
 */
export default function QuickstartSteps(): ReactNode {
  return (
    <section className={styles.quickstart} aria-labelledby="quickstart-heading">
      <div className="container">
        <Heading as="h2" id="quickstart-heading">
          From token to first run in three steps
        </Heading>
        <p className={styles.lead}>
          The same calls as the <Link to="/intro">15-minute quickstart</Link>, ready to paste into a shell with{' '}
          <code>curl</code>. Every call is also a form in the app.
        </p>
        <ol className={styles.steps}>
          {QUICKSTART.map((step) => (
            <li key={step.title} className={styles.step}>
              <div className={styles.stepText}>
                <Heading as="h3" className={styles.stepTitle}>
                  {step.title}
                </Heading>
                <p>{step.text}</p>
                <ul className={styles.links}>
                  <li>
                    <Link to={step.guide.to}>{step.guide.label}</Link>
                  </li>
                  {step.calls.map((call) => (
                    <li key={call.operationId}>
                      <Link to={call.apiPage}>
                        API reference: <code>{call.operationId}</code>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
              <pre className={styles.code} data-operation-id={step.calls.map((call) => call.operationId).join(' ')}>
                <code>{[...(step.setup ?? []), ...step.calls.map(curlCommand)].join('\n')}</code>
              </pre>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
