import type {Code, RootContent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {VFile} from 'vfile';
import {expect, test} from '@playwright/test';
import {CODE_LANGUAGES, MAGIC_COMMENTS} from '../../config/code-languages';
import {codeThemes} from '../../config/prism-themes';
import {serverVariableEnv} from '../../src/openapi/request-samples';
import remarkSetupValues from '../../src/plugins/setup-values';
import {loadHighlighter} from '../../src/plugins/static-code-blocks';
import {codeOfTokens, type BlockTokens} from '../../src/utils/code-tokens';
import {API_INSTANCE_VARIABLE} from '../../src/utils/setup-values/api-instance';
import {
  occurrences,
  parseDeclaration,
  type BlockDeclaration,
  type SetupDeclaration,
  type SqlDialect,
} from '../../src/utils/setup-values/declaration';
import {fillCommand, fillTokens} from '../../src/utils/setup-values/fill';
import {quoteShell, quoteSql, type QuoteContext} from '../../src/utils/setup-values/quote';
import {markdownFiles, type MarkdownFile} from '../support/content';

// The reader's names in the setup commands (src/utils/setup-values, src/plugins/setup-values.ts): the quoting of
// each dialect, the filling of a block's code and of its highlighted tokens, and the build's check of each page's
// declaration. The browser side (a value typed on one page in the blocks of another) is tests/e2e/setup-values.spec.ts.

const text = (quoted: {text: string} | {problem: string}) =>
  'text' in quoted ? quoted.text : `PROBLEM: ${quoted.problem}`;

test('SQL identifiers are quoted as each dialect needs: case, hyphens, spaces, quotes', () => {
  const cases: [SqlDialect, string, QuoteContext, string][] = [
    // Snowflake resolves unquoted names in upper case: a lower-case or mixed name keeps its case only quoted.
    ['snowflake', 'ACME_ROLE', 'bare', 'ACME_ROLE'],
    ['snowflake', 'acme_role', 'bare', '"acme_role"'],
    ['snowflake', 'Acme-Role', 'bare', '"Acme-Role"'],
    ['snowflake', 'my "role"', 'bare', '"my ""role"""'],
    ['snowflake', "o'brien\\x", 'single', "o''brien\\\\x"],
    ['snowflake', 'a"b', 'double', 'a""b'],
    // PostgreSQL folds unquoted names to lower case: capitals and hyphens are quoted.
    ['postgresql', 'vigil_reader', 'bare', 'vigil_reader'],
    ['postgresql', 'Vigil', 'bare', '"Vigil"'],
    ['postgresql', 'vigil-reader', 'bare', '"vigil-reader"'],
    ['postgresql', 'data team', 'bare', '"data team"'],
    ['postgresql', "it's", 'single', "it''s"],
    ['postgresql', 'a\\b', 'single', 'a\\b'],
    ['postgresql', 'x'.repeat(64), 'bare', 'PROBLEM: is longer than the 63 bytes PostgreSQL allows in a name'],
    // Redshift folds even quoted names to lower case: a capital cannot be kept.
    ['redshift', 'vigil-reader', 'bare', '"vigil-reader"'],
    ['redshift', 'Vigil', 'bare', expect.stringContaining('PROBLEM: has upper-case letters') as unknown as string],
    // MySQL: backticks; a backslash in a string depends on the server's sql_mode.
    ['mysql', 'vigil-reader', 'bare', '`vigil-reader`'],
    ['mysql', '1234', 'bare', '`1234`'],
    ['mysql', 'a`b', 'backtick', 'a``b'],
    ['mysql', "o'brien", 'single', "o''brien"],
    ['mysql', 'a\\b', 'single', expect.stringContaining('PROBLEM: has a backslash') as unknown as string],
    // BigQuery: backticks with backslash escapes; a project ID with a hyphen is quoted.
    ['bigquery', 'acme-prod', 'bare', '`acme-prod`'],
    ['bigquery', 'acme_prod', 'bare', 'acme_prod'],
    ['bigquery', 'a`b\\c', 'backtick', 'a\\`b\\\\c'],
    ['bigquery', "it's", 'single', "it''s"],
    // Databricks: backticks, a backtick doubled.
    ['databricks', '4a1d8f2e-7c3b', 'bare', '`4a1d8f2e-7c3b`'],
    ['databricks', 'Data Team', 'backtick', 'Data Team'],
    ['databricks', 'a`b', 'backtick', 'a``b'],
  ];
  for (const [dialect, value, context, expected] of cases) {
    expect(text(quoteSql(value, dialect, context)), `${dialect} ${context} ${value}`).toEqual(expected);
  }
});

test('shell words are quoted, and what no quoting makes safe is refused', () => {
  expect(text(quoteShell('acme-eu', 'bare'))).toBe('acme-eu');
  expect(text(quoteShell('my project', 'bare'))).toBe("'my project'");
  expect(text(quoteShell("o'brien", 'bare'))).toBe(`'o'\\''brien'`);
  expect(text(quoteShell('a$b"c`d\\e', 'double'))).toBe('a\\$b\\"c\\`d\\\\e');
  expect(text(quoteShell('wow!', 'double'))).toContain('PROBLEM: has a !');
  expect(text(quoteShell('a b', 'double'))).toContain('PROBLEM');
  expect(text(quoteShell("o'brien", 'single'))).toBe(`o'\\''brien`);
  expect(text(quoteShell('say "hi"', 'single'))).toContain('PROBLEM');
});

test('a default is found as a whole name only', () => {
  const code = 'https://$VIGIL_INSTANCE.vigil.example -C vigil-tunnel vigil_rsa_key vigil ON analytics.* TO vigil;';
  expect(occurrences(code, 'vigil').map((at) => code.slice(at - 1, at + 6))).toEqual([' vigil ', ' vigil;']);
  expect(occurrences(code, '$VIGIL_INSTANCE')).toEqual([8]);
  expect(occurrences(code, 'analytics')).toHaveLength(1);
});

test('fillCommand quotes each default for where it stands, and leaves what it cannot write safely', () => {
  const snowflake: BlockDeclaration = {
    language: 'sql',
    sql: 'snowflake',
    names: {role: 'VIGIL_ROLE', user: 'VIGIL_USER'},
  };
  const sql = 'GRANT ROLE VIGIL_ROLE TO USER VIGIL_USER; -- VIGIL_ROLE\nSELECT \'VIGIL_ROLE\', "VIGIL_ROLE";';
  expect(fillCommand(sql, snowflake, {role: 'Data-Readers', user: 'ACME_SVC'}).code).toBe(
    'GRANT ROLE "Data-Readers" TO USER ACME_SVC; -- Data-Readers\nSELECT \'Data-Readers\', "Data-Readers";',
  );
  const shell: BlockDeclaration = {language: 'bash', names: {instance: '$VIGIL_INSTANCE', project: 'acme-analytics'}};
  const bash = 'curl "https://$VIGIL_INSTANCE.vigil.example/api/v1"\nexport P=acme-analytics\necho \'acme-analytics\'';
  expect(fillCommand(bash, shell, {instance: 'acme-eu', project: 'my-proj'}).code).toBe(
    'curl "https://acme-eu.vigil.example/api/v1"\nexport P=my-proj\necho \'my-proj\'',
  );
  // An instance is a host name label: no quoting makes a space part of one.
  const refused = fillCommand(bash, shell, {instance: 'acme eu'});
  expect(refused.code).toBe(bash);
  expect(refused.problems).toEqual([expect.objectContaining({name: 'instance', value: 'acme eu'})]);
  const json: BlockDeclaration = {language: 'json', names: {user: 'VIGIL_USER'}};
  expect(fillCommand('{"user": "VIGIL_USER"}', json, {user: 'a"b\\c'}).code).toBe('{"user": "a\\"b\\\\c"}');
});

/** Every page that declares values, and its code blocks as mdast parses them. */
function declaringPages(): MarkdownFile[] {
  return markdownFiles('docs').filter((page) => page.frontMatter.your_values !== undefined);
}

function runPlugin(page: MarkdownFile) {
  const tree = fromMarkdown(page.body);
  remarkSetupValues()(tree, new VFile({path: page.file, data: {frontMatter: page.frontMatter}}));
  return tree;
}

test('every declaring page: its declaration is valid, and each block filled token by token spells fillCommand', async () => {
  const pages = declaringPages();
  expect(pages.map((page) => page.file)).toEqual(
    expect.arrayContaining(['docs/configuring-datastore/snowflake.md', 'docs/configuring-datastore/postgresql.md']),
  );
  const highlight = await loadHighlighter({
    languages: CODE_LANGUAGES,
    themes: codeThemes,
    magicComments: MAGIC_COMMENTS,
  });
  const values = {
    instance: 'acme-eu',
    account: 'acme-prod',
    project: 'acme-prod-42',
    warehouse: 'Reporting WH',
    database: 'Sales-DB',
    schema: 'sales_eu',
    role: "o'reader",
    user: 'svc_vigil',
    range: '192.0.2.0/24',
  };
  let filledBlocks = 0;
  for (const page of pages) {
    const tree = runPlugin(page);
    const declaration = parseDeclaration(page.frontMatter) as SetupDeclaration;
    const blocks = tree.children.flatMap(function walk(node): Code[] {
      return node.type === 'code' ? [node] : 'children' in node ? (node.children as RootContent[]).flatMap(walk) : [];
    });
    for (const block of blocks) {
      const language = (block.lang ?? 'text').toLowerCase();
      if (language === 'mermaid') continue;
      const highlighted = highlight(block.value, {
        language: block.lang ?? undefined,
        metastring: block.meta ?? undefined,
      });
      const tokens = JSON.parse(highlighted.tokens) as BlockTokens;
      const blockDeclaration = {language: highlighted.language, sql: declaration.sql, names: declaration.names};
      const filled = fillTokens(tokens, blockDeclaration, values);
      const expected = fillCommand(codeOfTokens(tokens[1]), blockDeclaration, values);
      expect(codeOfTokens(filled.tokens[1]), `${page.file} line ${block.position?.start.line}`).toBe(expected.code);
      expect(filled.problems).toEqual(expected.problems);
      if (expected.code !== codeOfTokens(tokens[1])) filledBlocks += 1;
    }
  }
  expect(filledBlocks).toBeGreaterThan(20);
});

test('a bad declaration, or a default the page does not hold, fails the build naming the file', () => {
  const page = (yourValues: unknown): MarkdownFile => ({
    file: 'docs/configuring-datastore/example.md',
    frontMatter: {your_values: yourValues},
    body: '```sql\nGRANT ROLE VIGIL_ROLE TO USER VIGIL_USER;\n```\n',
  });
  expect(() => runPlugin(page({sql: 'snowflake', names: {role: 'VIGIL_ROLE'}}))).not.toThrow();
  const failures: [unknown, RegExp][] = [
    [{sql: 'snowflake', names: {role: 'VIGIL_WH'}}, /names\.role: its default VIGIL_WH is in no code block/],
    [{sql: 'oracle', names: {role: 'VIGIL_ROLE'}}, /sql is "oracle", not one of/],
    [{sql: 'snowflake', names: {rolle: 'VIGIL_ROLE'}}, /names\.rolle is not a value name/],
    [{sql: 'snowflake', names: {}}, /names must map/],
    [{names: {role: 'VIGIL_ROLE'}}, /a sql block holds defaults, and your_values\.sql names no dialect/],
    ['VIGIL_ROLE', /must be a mapping/],
  ];
  for (const [declaration, message] of failures) {
    expect(() => runPlugin(page(declaration))).toThrow(/^docs\/configuring-datastore\/example\.md: /);
    expect(() => runPlugin(page(declaration))).toThrow(message);
  }
});

test('the API panel and the setup pages keep one instance, under the name the API samples give it', () => {
  expect(API_INSTANCE_VARIABLE).toBe(serverVariableEnv('instance'));
});
