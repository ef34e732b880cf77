import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import styles from './styles.module.css';

/** How long a part of the page may take to load before a spinner shows (site specification). */
export const SPINNER_DELAY_MS = 200;

type Props<P extends object> = {
  /** Loads the chunk that holds the component, e.g. `() => import('@theme-original/ApiExplorer')`. */
  load: () => Promise<{default: ComponentType<P>}>;
  /** The component's props. */
  props: P;
  /** What shows until the spinner's delay has passed (nothing by default). */
  placeholder?: ReactNode;
};

type State<P> = {component?: ComponentType<P>; error?: Error; pastDelay: boolean};

/**
 * A part of the page whose code loads in a chunk of its own, after the page is interactive. While the
 * chunk loads, a spinner shows after 200 ms; when it fails (a lost connection, a redeployed site), an
 * error box says so and offers a Retry button that loads it again.
 */
export default function LazyChunk<P extends object>({load, props, placeholder = null}: Props<P>): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<P>>({pastDelay: false});
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => current && setState((previous) => ({...previous, pastDelay: true})),
      SPINNER_DELAY_MS,
    );
    load().then(
      (module) => current && setState({component: module.default, pastDelay: true}),
      (error: unknown) =>
        current && setState({error: error instanceof Error ? error : new Error(String(error)), pastDelay: true}),
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [load, attempt]);

  const {component: Component, error, pastDelay} = state;
  if (Component) return <Component {...props} />;
  if (error) {
    return (
      <div role="alert" className={styles.error}>
        <p>This part of the page could not be loaded: {error.message}</p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            setState({pastDelay: false});
            setAttempt((count) => count + 1);
          }}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div role="status" className={styles.spinner}>
        <span className={styles.wheel} aria-hidden="true" />
        <span className={styles.label}>Loading…</span>
      </div>
    );
  }
  return placeholder;
}
