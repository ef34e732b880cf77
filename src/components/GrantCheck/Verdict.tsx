import {useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import StaticCodeBlock from '@site/src/components/StaticCodeBlock';
import form from '@site/src/css/reader-form.module.css';
import {useSetupValues} from '@site/src/components/SetupValues/store';
import {statementsFor, type GrantCheck, type NamesOf, type Statement} from '@site/src/grant-requirements/model';
import type {CodeThemes} from '@site/src/utils/code-tokens';
import {parseDeclaration, type SetupDeclaration} from '@site/src/utils/setup-values/declaration';
import type {SetupValues} from '@site/src/utils/setup-values/fill';
import {highlight} from './highlight';
import styles from './styles.module.css';

export type VerdictProps = {check: GrantCheck; output: string};

/** The statements in blocks of one language each, in order; policy statements as items of a Statement list. */
function blocksOf(statements: Statement[]): {language: string; code: string}[] {
  const blocks: {language: string; code: string}[] = [];
  for (const {language, code} of statements) {
    const last = blocks[blocks.length - 1];
    if (last?.language === language) last.code += language === 'json' ? `,\n${code}` : `\n${code}`;
    else blocks.push({language, code});
  }
  return blocks;
}

/** The page's declaration of default names, or undefined on a page without a usable one. */
function declarationOf(frontMatter: Record<string, unknown>): SetupDeclaration | undefined {
  const declaration = parseDeclaration(frontMatter);
  return declaration === undefined || Array.isArray(declaration) ? undefined : declaration;
}

/** The names an output may show for a default name: the default, then the reader's own name for it. */
function namesOf(declaration: SetupDeclaration | undefined, values: SetupValues): NamesOf {
  return (defaultName) => {
    const own = Object.entries(declaration?.names ?? {})
      .filter(([, text]) => text === defaultName)
      .map(([name]) => values[name as keyof SetupValues]?.trim())
      .filter((value): value is string => Boolean(value));
    return [defaultName, ...own];
  };
}

/** What the check found in a pasted output: the missing grants and their statements, all in place, or why it cannot tell. */
export default function Verdict({check, output}: VerdictProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {frontMatter} = useDoc();
  const prism = siteConfig.themeConfig.prism as {theme: CodeThemes['light']; darkTheme: CodeThemes['dark']};
  const values = useSetupValues();
  const declaration = useMemo(() => declarationOf(frontMatter as Record<string, unknown>), [frontMatter]);
  const verdict = useMemo(
    () => check.check(output, namesOf(declaration, values)),
    [check, output, declaration, values],
  );
  // Highlighted as the page's own blocks; the page's "your values" put the reader's names in them as in those (the
  // SetupFill context of src/components/SetupValues, which the page's content is inside).
  const blocks = useMemo(() => {
    if (verdict.kind !== 'missing') return [];
    const themes: CodeThemes = {light: prism.theme, dark: prism.darkTheme};
    return blocksOf(statementsFor(verdict.missing)).map(({language, code}) => ({
      ...highlight(code, language, themes),
      language,
    }));
  }, [verdict, prism]);

  if (verdict.kind === 'unreadable') {
    return (
      <div role="alert" className={clsx(form.problem, styles.problem)}>
        <p>{verdict.message}</p>
        <p>It reads {check.formats}.</p>
      </div>
    );
  }
  if (verdict.kind === 'in-place') {
    return (
      <p role="status" className={styles.inPlace}>
        Everything the check lists is in place ({verdict.checked} {verdict.checked === 1 ? 'row' : 'rows'} read as{' '}
        {verdict.format} output).
      </p>
    );
  }
  return (
    <div role="status" className={styles.missing}>
      <p>
        {verdict.missing.length === 1 ? 'One requirement is' : `${verdict.missing.length} requirements are`} missing:
      </p>
      <ul>
        {verdict.missing.map(({requirement, rows}) => (
          <li key={requirement.what}>
            <strong>{requirement.what}</strong>: {rows.join('; ')}
          </li>
        ))}
      </ul>
      <p>Run the statements of Grant access that add them, as the page does:</p>
      {blocks.map((block, index) => (
        <StaticCodeBlock key={index} {...block} />
      ))}
    </div>
  );
}
