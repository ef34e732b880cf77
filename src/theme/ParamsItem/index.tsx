import type {ComponentProps, ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import styles from './styles.module.css';

/** Each parameter as a list item (why: src/theme/README.md). */
export default function ParamsItemWrapper(props: ComponentProps<typeof ParamsItem>): ReactNode {
  return (
    <li className={styles.paramsItem}>
      <ParamsItem {...props} />
    </li>
  );
}
