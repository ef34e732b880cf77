import type {SqlDialect} from './declaration';

/**
 * How a reader's value is written where a default name stood, for each language and each quoting context the
 * default is in. Every rule comes from the vendor's reference:
 * - Snowflake, https://docs.snowflake.com/en/sql-reference/identifiers-syntax: unquoted identifiers start with a
 *   letter or `_`, hold letters, digits, `_` and `$`, and resolve in upper case; a double-quoted identifier keeps
 *   its case, `""` is a quote inside it; at most 255 characters. Single-quoted string constants take `''` and
 *   backslash escape sequences (https://docs.snowflake.com/en/sql-reference/data-types-text), so `\` is doubled.
 * - PostgreSQL, https://www.postgresql.org/docs/current/sql-syntax-lexical.html: unquoted identifiers fold to lower
 *   case; a quoted one keeps its case, `""` inside; names longer than 63 bytes are truncated (refused here). With
 *   standard_conforming_strings on (the default), `''` is the only escape in a string.
 * - Amazon Redshift, https://docs.aws.amazon.com/redshift/latest/dg/r_names.html: like PostgreSQL, but ASCII letters
 *   fold to lower case in delimited identifiers too unless enable_case_sensitive_identifier is on, so a name with
 *   an upper-case letter cannot be written reliably; 127 bytes at most.
 * - MySQL, https://dev.mysql.com/doc/refman/8.4/en/identifiers.html: unquoted identifiers hold [0-9a-zA-Z$_] and
 *   are not only digits; else backticks, ``` `` ``` inside. In strings `\` is an escape unless the server runs
 *   with NO_BACKSLASH_ESCAPES (https://dev.mysql.com/doc/refman/8.4/en/string-literals.html): a value with a
 *   backslash means different things under the two modes, so it is refused.
 * - BigQuery, https://cloud.google.com/bigquery/docs/reference/standard-sql/lexical: unquoted identifiers are
 *   letters, digits and `_`, not starting with a digit; quoted ones are in backticks with the escape sequences of
 *   string literals (backslash); a project ID with a hyphen is quoted.
 * - Databricks, https://docs.databricks.com/sql/language-manual/sql-ref-identifiers.html: letters, digits and `_`
 *   unquoted; backticks otherwise, ``` `` ``` inside. String literals take backslash escapes (Spark SQL).
 * - Shells (POSIX): a word of safe characters stays bare; otherwise single quotes, where `'` is written `'\''`.
 *   Inside double quotes `\`, `$`, `` ` `` and `"` are escaped with a backslash; `!` starts history expansion in
 *   an interactive bash and no backslash removes it there, so it is refused.
 */

/** Where a default stands in its block: outside quotes, inside one kind of quotes, or in a comment. */
export type QuoteContext = 'bare' | 'single' | 'double' | 'backtick' | 'comment';

export type Quoted = {text: string} | {problem: string};

type SqlRules = {
  /** A value that can stay unquoted. */
  bare: RegExp;
  /** The identifier quote of the dialect. */
  identifierQuote: '"' | '`';
  /** Whether backslash is an escape in string literals (and BigQuery's quoted identifiers). */
  backslashEscapes: boolean;
  maxBytes?: number;
  /** A sentence when the value cannot be an identifier of the dialect at all. */
  identifierProblem?: (value: string) => string | undefined;
};

const SQL_RULES: Record<SqlDialect, SqlRules> = {
  snowflake: {bare: /^[A-Z_][A-Z0-9_$]*$/, identifierQuote: '"', backslashEscapes: true},
  postgresql: {bare: /^[a-z_][a-z0-9_$]*$/, identifierQuote: '"', backslashEscapes: false, maxBytes: 63},
  redshift: {
    bare: /^[a-z_][a-z0-9_$]*$/,
    identifierQuote: '"',
    backslashEscapes: false,
    maxBytes: 127,
    identifierProblem: (value) =>
      /[A-Z]/.test(value)
        ? 'has upper-case letters, which Redshift folds to lower case in names unless enable_case_sensitive_identifier is on: type it in lower case'
        : undefined,
  },
  mysql: {bare: /^(?![0-9]+$)[0-9A-Za-z$_]+$/, identifierQuote: '`', backslashEscapes: true},
  bigquery: {bare: /^[A-Za-z_][A-Za-z0-9_]*$/, identifierQuote: '`', backslashEscapes: true},
  databricks: {bare: /^[A-Za-z_][A-Za-z0-9_]*$/, identifierQuote: '`', backslashEscapes: true},
};

const DIALECT_NAMES: Record<SqlDialect, string> = {
  snowflake: 'Snowflake',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  redshift: 'Redshift',
  bigquery: 'BigQuery',
  databricks: 'Databricks',
};

const bytes = (value: string) => new TextEncoder().encode(value).length;

/** The value inside a string literal delimited by `quote` (the quotes themselves are already in the text). */
function sqlStringContent(value: string, dialect: SqlDialect, quote: string): Quoted {
  const rules = SQL_RULES[dialect];
  if (rules.backslashEscapes && value.includes('\\')) {
    if (dialect === 'mysql') {
      return {problem: 'has a backslash, which MySQL reads differently with and without NO_BACKSLASH_ESCAPES'};
    }
    value = value.replaceAll('\\', '\\\\');
  }
  return {text: value.replaceAll(quote, quote + quote)};
}

/** The value inside an identifier already delimited by `quote` in the text. */
function sqlQuotedIdentifierContent(value: string, dialect: SqlDialect, quote: string): Quoted {
  const rules = SQL_RULES[dialect];
  const problem = rules.identifierProblem?.(value);
  if (problem) return {problem};
  if (rules.maxBytes !== undefined && bytes(value) > rules.maxBytes) {
    return {problem: `is longer than the ${rules.maxBytes} bytes ${DIALECT_NAMES[dialect]} allows in a name`};
  }
  // BigQuery's quoted identifiers take the escape sequences of its string literals; the others double the quote.
  if (dialect === 'bigquery') return {text: value.replaceAll('\\', '\\\\').replaceAll('`', '\\`')};
  return {text: value.replaceAll(quote, quote + quote)};
}

/** A value for a default in SQL of `dialect`, in `context`. */
export function quoteSql(value: string, dialect: SqlDialect, context: QuoteContext): Quoted {
  const rules = SQL_RULES[dialect];
  switch (context) {
    case 'comment':
      return {text: value};
    case 'single':
      return sqlStringContent(value, dialect, "'");
    case 'double':
    case 'backtick': {
      const quote = context === 'double' ? '"' : '`';
      // A double quote is a string delimiter in MySQL, BigQuery and Databricks, an identifier delimiter elsewhere.
      return quote === rules.identifierQuote
        ? sqlQuotedIdentifierContent(value, dialect, quote)
        : sqlStringContent(value, dialect, quote);
    }
    case 'bare': {
      if (rules.bare.test(value)) {
        const problem = rules.identifierProblem?.(value);
        if (problem) return {problem};
        if (rules.maxBytes !== undefined && bytes(value) > rules.maxBytes) {
          return {problem: `is longer than the ${rules.maxBytes} bytes ${DIALECT_NAMES[dialect]} allows in a name`};
        }
        return {text: value};
      }
      const inner = sqlQuotedIdentifierContent(value, dialect, rules.identifierQuote);
      return 'text' in inner ? {text: rules.identifierQuote + inner.text + rules.identifierQuote} : inner;
    }
  }
}

/** Characters a shell word can hold without quotes. */
const SHELL_BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A value for a default in a shell command, in `context`. The arguments of these commands often hold another
 * language (JSON in `--json '…'`, SQL in `-c "…"`, a libpq connection string): in a quoted argument, the
 * characters that would end or change that inner text (`"` and `\` inside single quotes; `'`, spaces inside double
 * quotes) are refused rather than guessed at.
 */
export function quoteShell(value: string, context: QuoteContext): Quoted {
  switch (context) {
    case 'comment':
      return {text: value};
    case 'bare':
      return {text: SHELL_BARE.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`};
    case 'single':
      if (/["\\`]/.test(value)) {
        return {
          problem:
            'has a double quote, a backslash or a backtick, which would end the JSON or SQL inside the quoted argument',
        };
      }
      return {text: value.replaceAll("'", `'\\''`)};
    case 'double':
      if (value.includes('!')) {
        return {problem: 'has a !, which an interactive bash expands inside double quotes whatever the escaping'};
      }
      if (/['\s]/.test(value)) {
        return {
          problem: 'has a single quote or a space, which would split the SQL or options inside the quoted argument',
        };
      }
      return {text: value.replace(/[\\$`"]/g, (character) => `\\${character}`)};
    case 'backtick':
      return {problem: 'would stand inside a command substitution'};
  }
}

/** A value for a default in a JSON document: inside a string, with JSON's escapes. */
export function quoteJson(value: string, context: QuoteContext): Quoted {
  if (context !== 'double') return {problem: 'would stand outside a JSON string'};
  return {text: JSON.stringify(value).slice(1, -1)};
}

/**
 * Languages with no quoting rules: command output, and configuration lines such as pg_hba.conf's. A value is
 * written as it is when it is one plain word; a space or a quote would split a configuration line or change it.
 */
const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plaintext']);

/** A value for a default of a block in `language`. */
export function quoteValue(
  value: string,
  {language, sql, context}: {language: string; sql?: SqlDialect; context: QuoteContext},
): Quoted {
  if (language === 'sql') {
    return sql ? quoteSql(value, sql, context) : {problem: 'stands in SQL of a dialect the page does not name'};
  }
  if (language === 'bash' || language === 'sh' || language === 'shell' || language === 'zsh') {
    return quoteShell(value, context);
  }
  if (language === 'json') return quoteJson(value, context);
  if (PLAIN_LANGUAGES.has(language)) {
    return /[\s'"`\\]/.test(value)
      ? {problem: 'has a space or a quote, which a plain configuration line cannot hold'}
      : {text: value};
  }
  // YAML, Python and the rest: only a value that needs no quoting in any of them.
  return /^[A-Za-z0-9_.@:/+-]+$/.test(value)
    ? {text: value}
    : {problem: `has characters that would need quoting in ${language}`};
}
