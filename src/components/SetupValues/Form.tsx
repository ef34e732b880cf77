import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import form from '@site/src/css/reader-form.module.css';
import YourValuesForm from '@site/src/components/YourValuesForm';
import {
  SETUP_VALUES,
  valueProblem,
  type SetupDeclaration,
  type SetupValueName,
} from '@site/src/utils/setup-values/declaration';
import type {FillProblem} from '@site/src/utils/setup-values/fill';
import {setupValuesSlot} from './store';
import styles from './styles.module.css';

/** One sentence per value and reason, however many commands it concerns. */
function problemSentences(problems: FillProblem[], name: SetupValueName): string[] {
  const counts = new Map<string, number>();
  for (const problem of problems) {
    if (problem.name === name) counts.set(problem.problem, (counts.get(problem.problem) ?? 0) + 1);
  }
  return [...counts].map(
    ([problem, count]) => `${problem}: ${count === 1 ? 'one place keeps' : `${count} places keep`} the default.`,
  );
}

/**
 * How long after the last keystroke the values are stored: each store makes every code block of the page fill
 * itself again, which is worth doing once per word, not once per letter.
 */
const STORE_AFTER_MS = 250;

/**
 * The form of the "your values" control: a field for each name the page declares, with the documented default as
 * placeholder. A change is stored (./store.ts) a moment after the last keystroke, and the page's code blocks take
 * it. A value that cannot be written safely somewhere leaves the default there (`problems`), and the field says why.
 */
export default function SetupValuesForm({
  id,
  declaration,
  problems,
}: {
  id: string;
  declaration: SetupDeclaration;
  problems: FillProblem[];
}): ReactNode {
  const [values, setValues] = useState(() => setupValuesSlot.read().values ?? {});
  const unstored = useRef<typeof values | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const store = () => {
    clearTimeout(timer.current);
    const pending = unstored.current;
    unstored.current = null;
    if (pending) setupValuesSlot.update((stored) => ({...stored, values: {...stored.values, ...pending}}));
  };
  // What was typed last is stored when the reader leaves the page before the delay is over.
  useEffect(() => store, []);
  const names = Object.keys(declaration.names) as SetupValueName[];

  const change = (name: SetupValueName, value: string) => {
    setValues((before) => ({...before, [name]: value}));
    unstored.current = {...unstored.current, [name]: value};
    clearTimeout(timer.current);
    timer.current = setTimeout(store, STORE_AFTER_MS);
  };
  const clear = () => {
    setValues({});
    unstored.current = null;
    clearTimeout(timer.current);
    setupValuesSlot.update((stored) => ({open: stored.open}));
  };

  return (
    <YourValuesForm
      id={id}
      className={styles.form}
      note={
        <>
          Type your own names: the commands on every setup page use them, quoted as each language needs. They stay in
          this browser; no password, key or token is asked for. Names are used exactly as typed, so type the name as the
          system stores it (Snowflake stores unquoted names in upper case, PostgreSQL in lower case).
        </>
      }>
      {names.map((name) => {
        const value = values[name] ?? '';
        const invalid = value.trim() ? valueProblem(name, value.trim()) : undefined;
        const sentences = invalid
          ? [`This value ${invalid}: the commands keep the default.`]
          : problemSentences(problems, name).map((sentence) => `This value ${sentence}`);
        const fieldId = `${id}-${name}`;
        return (
          <div key={name} className={form.field}>
            <label htmlFor={fieldId} className={form.label}>
              {SETUP_VALUES[name].label}
            </label>
            <input
              id={fieldId}
              className={clsx(form.input, styles.input)}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={value}
              placeholder={declaration.names[name]}
              aria-describedby={`${fieldId}-hint${sentences.length ? ` ${fieldId}-problem` : ''}`}
              aria-invalid={sentences.length > 0}
              onChange={(event) => change(name, event.target.value)}
            />
            <span id={`${fieldId}-hint`} className={form.hint}>
              {SETUP_VALUES[name].hint}; the page shows <code>{declaration.names[name]}</code>
            </span>
            {sentences.length ? (
              <p id={`${fieldId}-problem`} className={clsx(form.problem, styles.problem)}>
                {sentences.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="button" className="button button--sm button--outline button--secondary" onClick={clear}>
        Clear my values
      </button>
    </YourValuesForm>
  );
}
