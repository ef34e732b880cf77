import {useCallback, useMemo} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {FRONT_MATTER_KEY, parseDeclaration} from '@site/src/utils/setup-values/declaration';
import {fillCommand, type FillProblem} from '@site/src/utils/setup-values/fill';
import {useSetupValues} from './store';

/**
 * For a component of a setup page that prints commands of its own (the grant checker): a function that writes
 * the reader's values into a command of `language` ('sql', 'bash', 'json', …) as the page's code blocks do, with
 * the page's declaration (front matter `your_values`). Before hydration, and without values, the command comes
 * back as given. Importing this brings the filling code into the importer's chunk: import it from a chunk that
 * loads on demand.
 */
export function useFillCommand(): (command: string, language: string) => {code: string; problems: FillProblem[]} {
  const {frontMatter} = useDoc();
  const values = useSetupValues();
  const declaration = useMemo(() => {
    const parsed = parseDeclaration({[FRONT_MATTER_KEY]: (frontMatter as Record<string, unknown>)[FRONT_MATTER_KEY]});
    return parsed === undefined || Array.isArray(parsed) ? undefined : parsed;
  }, [frontMatter]);
  return useCallback(
    (command: string, language: string) =>
      declaration
        ? fillCommand(
            command,
            {language: language.toLowerCase(), sql: declaration.sql, names: declaration.names},
            values,
          )
        : {code: command, problems: []},
    [declaration, values],
  );
}
