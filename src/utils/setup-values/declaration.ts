/**
 * The reader's own names in the setup commands ("your values"): which names there are, how a page declares the
 * default each stands for, and where a default occurs in a code block. Read at build time by the remark plugin
 * that checks the declarations (src/plugins/setup-values.ts) and in the browser by the control and the filling
 * of code blocks (src/components/SetupValues, ./fill.ts).
 *
 * A page declares in its front matter, once, which text of its code blocks is a default name and which value
 * replaces it, and the SQL dialect of its `sql` blocks:
 *
 *   your_values:
 *     sql: snowflake
 *     names:
 *       role: VIGIL_ROLE
 *       instance: $VIGIL_INSTANCE
 */
import {isRecord} from '../is-record';

/** The SQL dialects a page's `sql` blocks can be written in; each has its own quoting rules (./quote.ts). */
export const SQL_DIALECTS = ['snowflake', 'postgresql', 'mysql', 'redshift', 'bigquery', 'databricks'] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];

type ValueKind = {
  label: string;
  /** What the value is, under the field. */
  hint: string;
  /** A value that does not match is not used: it goes into a host name or an address, where no quoting helps. */
  pattern?: RegExp;
  patternHint?: string;
};

/** Every value a reader can give, in the order of the form. None is a secret: the form asks for no credential. */
export const SETUP_VALUES = {
  instance: {
    label: 'Vigil instance',
    hint: 'the host name of your Vigil account, before .vigil.example',
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
    patternHint: 'letters, digits and inner hyphens, at most 63 characters (a host name label)',
  },
  account: {
    label: 'Account identifier',
    hint: 'orgname-accountname, or the account locator with its region',
    pattern: /^[A-Za-z0-9_.-]+$/,
    patternHint: 'letters, digits, hyphens, underscores and dots (it is part of a host name)',
  },
  project: {
    label: 'Project ID',
    hint: 'the project that holds the data',
    pattern: /^[a-z0-9.:-]+$/,
    patternHint: 'lower-case letters, digits, hyphens, dots and colons (it is part of an e-mail address)',
  },
  region: {
    label: 'Region',
    hint: 'for example eu-central-1',
    pattern: /^[a-z0-9-]+$/,
    patternHint: 'lower-case letters, digits and hyphens',
  },
  warehouse: {label: 'Warehouse', hint: 'the warehouse Vigil queries with'},
  database: {label: 'Database', hint: 'the database you monitor'},
  schema: {label: 'Schema', hint: 'the schema you monitor'},
  role: {label: 'Role', hint: "Vigil's role"},
  user: {label: 'User', hint: "Vigil's user or service principal"},
  range: {
    label: 'Network range',
    hint: 'an IPv4 range in CIDR notation, for example 192.0.2.0/24',
    pattern: /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\/(?:3[0-2]|[12]?\d)$/,
    patternHint: 'an IPv4 address, a slash and a prefix length from 0 to 32',
  },
} as const satisfies Record<string, ValueKind>;

export type SetupValueName = keyof typeof SETUP_VALUES;
export const SETUP_VALUE_NAMES = Object.keys(SETUP_VALUES) as SetupValueName[];

/** What a page declares: the dialect of its `sql` blocks and, by value name, the default text it replaces. */
export type SetupDeclaration = {sql?: SqlDialect; names: Partial<Record<SetupValueName, string>>};

/** What a code block carries (the remark plugin puts it there): the defaults it contains, and how to quote. */
export type BlockDeclaration = {language: string; sql?: SqlDialect; names: Partial<Record<SetupValueName, string>>};

/** The front matter key of the declaration. */
export const FRONT_MATTER_KEY = 'your_values';

/**
 * The declaration of a page's front matter, or the problems that make it unusable, each a sentence. A page
 * without the key declares nothing (undefined).
 */
export function parseDeclaration(frontMatter: Record<string, unknown>): SetupDeclaration | string[] | undefined {
  const raw = frontMatter[FRONT_MATTER_KEY];
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) return [`${FRONT_MATTER_KEY} must be a mapping with "names" (and "sql")`];
  const problems: string[] = [];
  for (const key of Object.keys(raw)) {
    if (key !== 'sql' && key !== 'names') problems.push(`${FRONT_MATTER_KEY}.${key} is not a key (sql, names)`);
  }
  const sql = raw.sql;
  if (sql !== undefined && !SQL_DIALECTS.includes(sql as SqlDialect)) {
    problems.push(`${FRONT_MATTER_KEY}.sql is ${JSON.stringify(sql)}, not one of ${SQL_DIALECTS.join(', ')}`);
  }
  const names: SetupDeclaration['names'] = {};
  if (!isRecord(raw.names) || Object.keys(raw.names).length === 0) {
    problems.push(`${FRONT_MATTER_KEY}.names must map value names (${SETUP_VALUE_NAMES.join(', ')}) to default names`);
  } else {
    const seen = new Map<string, string>();
    for (const [name, text] of Object.entries(raw.names)) {
      if (!(name in SETUP_VALUES)) {
        problems.push(`${FRONT_MATTER_KEY}.names.${name} is not a value name (${SETUP_VALUE_NAMES.join(', ')})`);
      } else if (typeof text !== 'string' || text.trim() === '' || /[\n\r]/.test(text)) {
        problems.push(`${FRONT_MATTER_KEY}.names.${name} must be the default name as one line of text`);
      } else if (seen.has(text)) {
        problems.push(`${FRONT_MATTER_KEY}.names.${name} repeats the default ${text} of ${seen.get(text)}`);
      } else {
        seen.set(text, name);
        names[name as SetupValueName] = text;
      }
    }
  }
  return problems.length > 0 ? problems : {...(sql !== undefined ? {sql: sql as SqlDialect} : {}), names};
}

/**
 * The characters that continue a name: a default is found only where neither neighbour is one of them, so `vigil`
 * is not found in `vigil-tunnel` or `vigil_rsa_key`.
 */
const NAME_CHARACTER = /[A-Za-z0-9_$-]/;

/**
 * Where `text` holds the default name `name`, as start offsets. Besides the name characters, a default between
 * two dots is the middle label of a host name (`$VIGIL_INSTANCE.vigil.example` holds no user `vigil`), not a
 * name; a default with one dot beside it is part of a qualified name (`ANALYTICS.PUBLIC`) or a host name it
 * starts (`xy12345.eu-central-1.snowflakecomputing.com`), and is found.
 */
export function occurrences(text: string, name: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + name.length] ?? '';
    const joined = NAME_CHARACTER.test(before) || NAME_CHARACTER.test(after) || (before === '.' && after === '.');
    if (!joined) found.push(at);
  }
  return found;
}

/** Whether the reader's value can stand in a command at all, whatever the quoting: a sentence when not. */
export function valueProblem(name: SetupValueName, value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'has a line break or a control character';
  if (value.length > 255) return 'is longer than 255 characters';
  const kind: ValueKind = SETUP_VALUES[name];
  if (kind.pattern && !kind.pattern.test(value)) return `is not ${kind.patternHint}`;
  return undefined;
}
