import {useCallback, useEffect, useId, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import form from '@site/src/css/reader-form.module.css';
import type {CodeBlockData} from '@site/src/openapi/render-page';
import type {RequestTemplate} from '@site/src/openapi/sample-code';
import {valuesSlot} from './stored-values';
import styles from './styles.module.css';

/** The filled code of each generated sample, by sample id; null: the static samples. */
export type FilledSamples = Record<string, CodeBlockData> | null;

export type ValuesFormProps = {
  id: string;
  template: RequestTemplate;
  onSamples: (samples: FilledSamples) => void;
};

/**
 * The heading of an operation's request samples and the "your values" panel: a button that loads the form
 * (./ValuesForm, a chunk of its own) when the reader opens it, or on load when they left it open on an earlier
 * page. The form writes every generated sample again with their values (src/openapi/sample-code.ts). Without
 * JavaScript there is no button, and the static samples, which read environment variables, stay.
 */
export default function ApiYourValues({
  title,
  template,
  onSamples,
}: {
  title: string;
  template: RequestTemplate;
  onSamples: (samples: FilledSamples) => void;
}): ReactNode {
  const isBrowser = useIsBrowser();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType<ValuesFormProps> | null>(null);
  const [failed, setFailed] = useState(false);

  const show = useCallback((opened: boolean) => {
    setOpen(opened);
    valuesSlot.update((stored) => ({...stored, open: opened}));
    if (!opened) return;
    import('./ValuesForm').then(
      (module) => setForm(() => module.default),
      () => setFailed(true),
    );
  }, []);

  // A reader who left the panel open on the last page finds it open here.
  useEffect(() => {
    if (valuesSlot.read().open) show(true);
  }, [show]);

  return (
    <>
      <div className={styles.heading}>
        <Heading as="h2" id="request-samples">
          {title}
        </Heading>
        {isBrowser ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            onClick={() => show(!open)}>
            Your values
          </button>
        ) : null}
      </div>
      {open && failed ? (
        <p role="alert" className={clsx(form.problem, styles.error)}>
          The panel could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      {Form ? (
        <div hidden={!open}>
          <Form id={formId} template={template} onSamples={onSamples} />
        </div>
      ) : null}
    </>
  );
}
