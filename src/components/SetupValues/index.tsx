import {useCallback, useEffect, useId, useState, type ComponentType, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {createStorageSlot} from '@docusaurus/theme-common';
import {SetupFill, STORAGE_KEY, type FillBlock} from './context';
import type {ControlProps} from './Control';
import styles from './control.module.css';

/**
 * The "your values" control of a setup page (front matter `your_values`; src/theme/DocItem/Content wraps every
 * doc in it) and the filling of its code blocks. All that is on the page's own path is this button and a context:
 * the form, the storage, the quoting and the filling are one chunk (./Control.tsx) that loads when the reader
 * opens the control, or on load when they have values or left the form open on an earlier page. Without
 * JavaScript there is no button, and the page shows the documented defaults. A page without a declaration gets
 * its children unchanged.
 */
export default function SetupValues({declaration, children}: {declaration: unknown; children: ReactNode}): ReactNode {
  const isBrowser = useIsBrowser();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [fill, setFill] = useState<FillBlock | null>(null);
  const [Control, setControl] = useState<ComponentType<ControlProps> | null>(null);
  const load = useCallback(() => {
    import('./Control').then((module) => setControl(() => module.default));
  }, []);

  // A look at the stored JSON, to know whether the chunk is needed now (the form was left open, or a value is not
  // empty); the chunk reads it properly (./store.ts).
  useEffect(() => {
    const stored = declaration === undefined ? null : createStorageSlot(STORAGE_KEY).get();
    if (!stored || !/"open":true|"[a-z]+":"[^"]/.test(stored)) return;
    setOpen(stored.includes('"open":true'));
    load();
  }, [declaration, load]);

  if (declaration === undefined) return children;
  return (
    <SetupFill.Provider value={fill}>
      <div className={styles.control}>
        {isBrowser ? (
          <button
            type="button"
            className="button button--sm button--outline button--secondary"
            aria-expanded={open}
            aria-controls={open && Control ? formId : undefined}
            onClick={() => {
              setOpen(!open);
              load();
            }}>
            Your values
          </button>
        ) : null}
        {Control ? <Control id={formId} open={open} declaration={declaration} onFill={setFill} /> : null}
      </div>
      {children}
    </SetupFill.Provider>
  );
}
