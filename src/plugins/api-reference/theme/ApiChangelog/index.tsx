import {Fragment, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import {
  changeWords,
  entryAnchor,
  entryDay,
  entryTitle,
  operationLabel,
  type ApiChange,
  type ApiChangelog as Changelog,
  type Words,
} from '../../changelog/model';
import styles from './styles.module.css';

/** A sentence's words: the description's names as code, all of it React text (nothing is parsed as HTML). */
function Sentence({words}: {words: Words}): ReactNode {
  return words.map((word, index) => (typeof word === 'string' ? word : <code key={index}>{word.code}</code>));
}

function Change({change}: {change: ApiChange}): ReactNode {
  const sentence = <Sentence words={changeWords(change)} />;
  return (
    <li className={styles.change}>
      {change.breaking ? <span className={styles.breaking}>Breaking</span> : null}
      {change.href ? <Link to={change.href}>{sentence}</Link> : sentence}
      {change.operations.length ? ': ' : null}
      {change.operations.map((operation, index) => (
        <Fragment key={index}>
          {index ? ', ' : null}
          {operation.href ? (
            <Link to={operation.href}>
              <code>{operationLabel(operation)}</code>
            </Link>
          ) : (
            <code>{operationLabel(operation)}</code>
          )}
        </Fragment>
      ))}
      .
    </li>
  );
}

/**
 * The API changelog page: what history it covers, then each version of the description, newest first, with the
 * commits that changed its API, each change linked to where the API reference shows it today. Rendered on the
 * server from the page's data (changelog.json): nothing is fetched in the browser.
 */
export default function ApiChangelog({page: changelog}: {page: Changelog}): ReactNode {
  return (
    <>
      <Head>
        <link rel="alternate" type="application/atom+xml" title={changelog.title} href={changelog.feedUrl} />
      </Head>
      <p className={styles.coverage}>{changelog.coverage.note}</p>
      <p>
        {/* A file beside the page, not a route: `pathname://` keeps the router and the broken-link check off it. */}
        Follow it in a feed reader: <Link to={`pathname://${changelog.feedUrl}`}>Atom feed</Link>.
      </p>
      {/*
       * Out of the site's search index: the changes repeat operation paths and field names hundreds of times, and
       * would come before the pages that document them. The page stays findable by its title and the sentence above.
       */}
      <div data-pagefind-ignore="">
        {changelog.versions.map((group) => (
          <section key={group.version}>
            <Heading as="h2" id={`version-${group.version.replace(/[^A-Za-z0-9.-]+/g, '-')}`}>
              Version {group.version}
            </Heading>
            {group.entries.map((entry) => (
              <article key={entry.commit} className={styles.entry}>
                <Heading as="h3" id={entryAnchor(entry)}>
                  <time dateTime={entry.date}>{entryDay(entry)}</time>: {entryTitle(entry)}
                </Heading>
                <p className={styles.commit}>
                  Commit <code>{entry.commit.slice(0, 7)}</code>
                  {entry.breaking ? (
                    <>
                      {' '}
                      <span className={styles.breaking}>Breaking</span>
                    </>
                  ) : null}
                </p>
                {entry.changes.length ? (
                  <ul className={styles.changes}>
                    {entry.changes.map((change, index) => (
                      <Change key={index} change={change} />
                    ))}
                  </ul>
                ) : null}
              </article>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
