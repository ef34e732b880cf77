import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {SearchSection} from '../SearchableContent';
import styles from './styles.module.css';

/** The section a search result is in (Docs, API or Blog), as a small label before its title. */
export default function SearchSectionLabel({
  section,
  className,
}: {
  section: SearchSection;
  className?: string;
}): ReactNode {
  return <span className={clsx(styles.label, className)}>{section}</span>;
}
