import type {ReactNode} from 'react';
import clsx from 'clsx';
import form from '@site/src/css/reader-form.module.css';

type Props = {
  id: string;
  /** What the form does with the values and where they stay, above the fields. */
  note: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * The "Your values" form, of the setup pages (src/components/SetupValues) and of the API reference's request
 * samples (ApiYourValues): named for assistive technology, never submitted (the values fill the page as they are
 * typed), a note, then the fields.
 */
export default function YourValuesForm({id, note, className, children}: Props): ReactNode {
  return (
    <form
      id={id}
      className={clsx(form.panel, className)}
      aria-label="Your values"
      onSubmit={(event) => event.preventDefault()}>
      <p className={form.note}>{note}</p>
      {children}
    </form>
  );
}
