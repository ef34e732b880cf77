import {useCallback, useId, useRef, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import form from '@site/src/css/reader-form.module.css';
import {GRANT_CHECKS, type GrantCheckDatastore} from '@site/src/grant-requirements';
import type {GrantCheck as Check} from '@site/src/grant-requirements/model';
import type {VerdictProps} from './Verdict';
import styles from './styles.module.css';

type Loaded = {Verdict: ComponentType<VerdictProps>; check: Check};

/**
 * The form under a datastore page's "Check the grants": the reader pastes the output of the page's check, and the
 * verdict lists the missing grants with the page's statements that add them (./Verdict). The reading of the
 * outputs (src/grant-requirements, src/client-output) and the verdict are chunks that load when the reader first
 * focuses the field, pastes or presses the button. The form is in the served HTML, so that the page does not move
 * under the reader (or under a heading the address names) when it hydrates; without JavaScript it is not shown
 * (styles.module.css), and the page shows the check and its expected output.
 */
export default function GrantCheck({datastore}: {datastore: GrantCheckDatastore}): ReactNode {
  const id = useId();
  const [output, setOutput] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef<Promise<Loaded> | null>(null);
  const checkAfterPaste = useRef(false);

  const load = useCallback(() => {
    loading.current ??= Promise.all([import('./Verdict'), GRANT_CHECKS[datastore]()]).then(
      ([verdict, requirements]) => {
        const modules = {Verdict: verdict.default, check: requirements.grantCheck};
        setLoaded(modules);
        return modules;
      },
    );
    loading.current.catch(() => setFailed(true));
    return loading.current;
  }, [datastore]);

  const check = (text: string) => {
    setChecked(text);
    load().catch(() => undefined);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className={clsx(form.panel, styles.check)}>
      <label id={`${id}-label`} htmlFor={`${id}-output`} className={clsx(form.label, styles.label)}>
        Paste the output of the check to see what is missing
      </label>
      <textarea
        id={`${id}-output`}
        className={clsx(form.input, styles.output)}
        rows={8}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={output}
        aria-describedby={loaded ? `${id}-formats` : undefined}
        onFocus={() => load().catch(() => undefined)}
        onPaste={() => {
          checkAfterPaste.current = true;
        }}
        onChange={(event) => {
          setOutput(event.target.value);
          if (checkAfterPaste.current) {
            checkAfterPaste.current = false;
            check(event.target.value);
          }
        }}
      />
      {loaded ? (
        <p id={`${id}-formats`} className={styles.formats}>
          Reads {loaded.check.formats}.
        </p>
      ) : null}
      <button type="button" className="button button--primary button--sm" onClick={() => check(output)}>
        Check the output
      </button>
      <div aria-live="polite">
        {failed ? (
          <p role="alert" className={clsx(form.problem, styles.problem)}>
            The check could not be loaded. Reload the page to try again.
          </p>
        ) : loaded && checked !== null ? (
          <loaded.Verdict check={loaded.check} output={checked} />
        ) : null}
      </div>
    </div>
  );
}
