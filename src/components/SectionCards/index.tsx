import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLatestVersion} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import {
  CATALOGS,
  COMMON_TASKS,
  DATASTORES,
  EVALUATION,
  SECTIONS,
  type Destination,
  type SetupPage,
} from './destinations';
import styles from './styles.module.css';

/**
 * The setup pages with their paths from the docs plugin. A page that no longer exists stops the build (the
 * landing page is rendered on the server), instead of shipping a link to the not-found page.
 */
function useSetupPages(pages: readonly SetupPage[]): (SetupPage & {path: string})[] {
  const {docs} = useLatestVersion(undefined);
  return pages.map((page) => {
    const doc = docs.find((candidate) => candidate.id === page.docId);
    if (!doc) throw new Error(`The landing page links to the doc "${page.docId}", which docs/ does not have.`);
    return {...page, path: doc.path};
  });
}

function SetupGrid({title, pages}: {title: string; pages: readonly SetupPage[]}): ReactNode {
  return (
    <>
      <Heading as="h3" className={styles.groupTitle}>
        {title}
      </Heading>
      <ul className={styles.setupGrid}>
        {useSetupPages(pages).map((page) => (
          <li key={page.docId}>
            <Link className={clsx('card', styles.setupCard)} to={page.path}>
              <span className={styles.setupName}>{page.label}</span>
              <span className={styles.setupDetail}>{page.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function LinkList({id, title, links}: {id: string; title: string; links: readonly Destination[]}): ReactNode {
  return (
    <section className={styles.listSection} aria-labelledby={id}>
      <Heading as="h2" id={id}>
        {title}
      </Heading>
      <ul className={styles.linkList}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The landing page's ways into the docs: the setup page of every datastore and catalog, the common tasks,
 * what an evaluator reads, and the sections of the site.
 */
export default function SectionCards(): ReactNode {
  return (
    <>
      <section className={styles.sections} aria-labelledby="connect-heading">
        <div className="container">
          <Heading as="h2" id="connect-heading">
            Connect your data
          </Heading>
          <p>
            Each page lists the exact grants, the connection fields, the network rules and the fixes for common errors.
          </p>
          <SetupGrid title="Datastores" pages={DATASTORES} />
          <SetupGrid title="Data catalogs and single datasets" pages={CATALOGS} />
        </div>
      </section>
      <div className={clsx('container', styles.lists)}>
        <LinkList id="tasks-heading" title="Common tasks" links={COMMON_TASKS} />
        <LinkList id="evaluation-heading" title="Evaluating Vigil" links={EVALUATION} />
      </div>
      <section className={styles.sections} aria-labelledby="sections-heading">
        <div className="container">
          <Heading as="h2" id="sections-heading">
            Find your way
          </Heading>
          <ul className={styles.grid}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link className={clsx('card', styles.card)} to={section.to}>
                  <span className={styles.cardTitle}>{section.label}</span>
                  <span className={styles.cardText}>{section.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
