import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {parseDeclaration, type SetupValueName} from '@site/src/utils/setup-values/declaration';
import {fillTokens, type FillProblem} from '@site/src/utils/setup-values/fill';
import type {FillBlock} from './context';
import SetupValuesForm from './Form';
import {setupValuesSlot, useSetupValues} from './store';

export type ControlProps = {
  id: string;
  open: boolean;
  declaration: unknown;
  /** Receives the filling of the page's code blocks, or null for the served code. */
  onFill: (fill: () => FillBlock | null) => void;
};

/**
 * The part of the "your values" control that loads on demand (./index.tsx): the form, shown while the control is
 * open, and the filling of the page's code blocks with the stored values, which it hands to the page through
 * `onFill` (src/components/SetupValues/context.ts). The defaults a value could not replace are collected as the
 * blocks render and shown under their field.
 */
export default function Control({id, open, declaration, onFill}: ControlProps): ReactNode {
  const parsed = useMemo(() => parseDeclaration({your_values: declaration}), [declaration]);
  const values = useSetupValues();
  const [problems, setProblems] = useState<FillProblem[]>([]);
  const found = useRef(new Map<string, FillProblem[]>());

  const fill = useMemo<FillBlock | null>(() => {
    found.current = new Map();
    if (parsed === undefined || Array.isArray(parsed)) return null;
    const names = Object.keys(parsed.names) as SetupValueName[];
    if (!names.some((name) => values[name]?.trim())) return null;
    const filled = new Map<string, string>();
    let publishing = false;
    const seen = found.current;
    return (tokens, language) => {
      const key = `${language}\n${tokens}`;
      const known = filled.get(key);
      if (known !== undefined) return known;
      const served = JSON.parse(tokens) as Parameters<typeof fillTokens>[0];
      const result = fillTokens(served, {language, sql: parsed.sql, names: parsed.names}, values);
      const text = result.tokens === served ? tokens : JSON.stringify(result.tokens);
      filled.set(key, text);
      seen.set(key, result.problems);
      // The blocks call this while they render: the list is shown once they are done.
      if (!publishing) {
        publishing = true;
        setTimeout(() => {
          publishing = false;
          if (found.current === seen) setProblems([...seen.values()].flat());
        });
      }
      return text;
    };
  }, [parsed, values]);

  useEffect(() => {
    if (!fill) setProblems([]);
    onFill(() => fill);
  }, [fill, onFill]);
  useEffect(() => () => onFill(() => null), [onFill]);
  // Open or closed, the form is found so on the next page.
  useEffect(() => setupValuesSlot.update((stored) => ({...stored, open})), [open]);

  if (parsed === undefined || Array.isArray(parsed)) return null;
  return (
    <div hidden={!open}>
      <SetupValuesForm id={id} declaration={parsed} problems={problems} />
    </div>
  );
}
