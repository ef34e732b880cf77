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
  otherYears,
  taggedOperationsLead,
  type ApiChange,
  type ChangelogPage,
  type Words,
} from '../../changelog/model';
import {countedNote} from '../../changelog/pages';
import styles from './styles.module.css';
import {pageDataOf, type PageDataProp} from '../../page-data/page-data-of';

/** A sentence's words: the description's names as code, all of it React text (nothing is parsed as HTML). */
function Sentence({words}: {words: Words}): ReactNode {
  return words.map((word, index) => (typeof word === 'string' ? word : <code key={index}>{word.code}</code>));
}

/** The operations of a change counted per tag: `: 103 operations, by tag: Datasets (12), Jobs (8)`. */
function TagCounts({tags}: {tags: NonNullable<ApiChange['tags']>}): ReactNode {
  return (
    <>
      : {taggedOperationsLead(tags)}:{' '}
      {tags.map(({label, href, count}, index) => (
        <Fragment key={index}>
          {index ? ', ' : null}
          {href ? <Link to={href}>{label}</Link> : label} ({count})
        </Fragment>
      ))}
    </>
  );
}

function Change({change}: {change: ApiChange}): ReactNode {
  const sentence = <Sentence words={changeWords(change)} />;
  return (
    <li className={styles.change}>
      {change.breaking ? <span className={styles.breaking}>Breaking</span> : null}
      {change.href ? <Link to={change.href}>{sentence}</Link> : sentence}
      {change.tags ? <TagCounts tags={change.tags} /> : null}
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

/** Links to the changelog's other years' pages, newest first. */
function Years({page}: {page: ChangelogPage}): ReactNode {
  const others = otherYears(page);
  if (others.length === 0) return null;
  return (
    <nav aria-label="Years of the changelog">
      Other years:{' '}
      {others.map(({year, url}, index) => (
        <Fragment key={year}>
          {index ? ', ' : null}
          <Link to={url}>{year}</Link>
        </Fragment>
      ))}
    </nav>
  );
}

/**
 * A page of the API changelog (a year: changelog/pages.ts): what history it covers, then each version of the
 * description, newest first, with the commits that changed its API, each change linked to where the API reference
 * shows it today. Rendered on the server from the page's data: nothing is fetched in the browser.
 */
export default function ApiChangelog(props: {page: PageDataProp<ChangelogPage>}): ReactNode {
  const changelog = pageDataOf(props.page);
  return (
    <>
      <Head>
        <link rel="alternate" type="application/atom+xml" title={changelog.title} href={changelog.feedUrl} />
      </Head>
      <p className={styles.coverage}>{changelog.coverage.note}</p>
      <p>
        {/* A file beside the page, not a route: `pathname://` keeps the router and the broken-link check off it. */}
        Follow it in a feed reader: <Link to={`pathname://${changelog.feedUrl}`}>Atom feed</Link>.{' '}
        {countedNote(changelog)} <Link to={`pathname://${changelog.jsonUrl}`}>changes.json</Link>.
      </p>
      <Years page={changelog} />
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
