/**
 * Tables as database clients print them, read back from text a reader pasted: psql's aligned table (its default)
 * and unaligned output (`psql -A`, `|` between fields), the bordered table of `mysql --table` and `snowsql`, and
 * tab-separated rows (`mysql` in batch mode, rows copied from a Snowsight or Databricks result grid, the AWS CLI's
 * text output). Each table says whether the text shows where it ends, so that a cut-off paste is not read as whole.
 */

export type TableFormat = 'psql aligned' | 'psql unaligned' | 'bordered' | 'tab-separated';

export type Table = {
  format: TableFormat;
  header: string[];
  rows: string[][];
  /**
   * true: the table's end is in the text and agrees with its rows (psql's "(N rows)" footer, the bottom border);
   * false: the end is missing or disagrees (the paste is cut off); undefined: the format has no end marker.
   */
  complete: boolean | undefined;
};

/** The text's lines, without carriage returns or trailing blanks. */
export function linesOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
}

const BORDER = /^\+-[-+]*\+$/;
const BORDERED_SEPARATOR = /^[|+]-[-+|]*[|+]$/;
const PSQL_SEPARATOR = /^-+(\+-+)*$/;
const PSQL_FOOTER = /^\((\d+) rows?\)$/;

const cellsBetweenBars = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** snowsql's count after a table ("6 Row(s) produced. Time Elapsed: 0.101s"), when the paste includes it. */
const SNOWSQL_COUNT = /^(\d+) Row\(s\) produced\./;

/** Every table of `text`, in order; lines outside tables (prompts, notices, statements' tags) are skipped. */
export function readTables(text: string): Table[] {
  const lines = linesOf(text);
  const tables: Table[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at];
    // mysql --table, snowsql: +---+ / | header | / +---+ or |---+---| / rows / +---+
    if (BORDER.test(line) && lines[at + 1]?.startsWith('|') && BORDERED_SEPARATOR.test(lines[at + 2] ?? '')) {
      const header = cellsBetweenBars(lines[at + 1]);
      const rows: string[][] = [];
      let next = at + 3;
      while (next < lines.length && lines[next].startsWith('|') && !BORDERED_SEPARATOR.test(lines[next])) {
        rows.push(cellsBetweenBars(lines[next]));
        next += 1;
      }
      let complete = BORDER.test(lines[next] ?? '');
      if (complete) {
        next += 1;
        const count = SNOWSQL_COUNT.exec(lines[next] ?? '');
        if (count) {
          complete = Number(count[1]) === rows.length;
          next += 1;
        }
      }
      tables.push({format: 'bordered', header, rows, complete});
      at = next;
      continue;
    }
    // psql aligned: header / ---+--- / rows / (N rows)
    if (line.trim() !== '' && PSQL_SEPARATOR.test((lines[at + 1] ?? '').trim())) {
      const header = line.split('|').map((cell) => cell.trim());
      const rows: string[][] = [];
      let next = at + 2;
      while (next < lines.length && lines[next].trim() !== '' && !PSQL_FOOTER.test(lines[next].trim())) {
        rows.push(lines[next].split('|').map((cell) => cell.trim()));
        next += 1;
      }
      const footer = PSQL_FOOTER.exec((lines[next] ?? '').trim());
      tables.push({format: 'psql aligned', header, rows, complete: footer ? Number(footer[1]) === rows.length : false});
      at = footer ? next + 1 : next;
      continue;
    }
    // psql unaligned (-A): header / rows / (N rows), fields between |, the same number on each line
    if (line.includes('|') && !line.startsWith('|') && !line.includes('\t')) {
      const width = line.split('|').length;
      const rows: string[][] = [];
      let next = at + 1;
      while (next < lines.length && lines[next].split('|').length === width && !PSQL_FOOTER.test(lines[next])) {
        rows.push(lines[next].split('|'));
        next += 1;
      }
      const footer = PSQL_FOOTER.exec(lines[next] ?? '');
      tables.push({
        format: 'psql unaligned',
        header: line.split('|'),
        rows,
        complete: footer ? Number(footer[1]) === rows.length : false,
      });
      at = footer ? next + 1 : next;
      continue;
    }
    // Tab-separated rows: the first line may be a header; the caller knows the columns it expects.
    if (line.includes('\t')) {
      const width = line.split('\t').length;
      const rows: string[][] = [];
      let next = at;
      while (next < lines.length && lines[next].includes('\t') && lines[next].split('\t').length === width) {
        rows.push(lines[next].split('\t').map((cell) => cell.trim()));
        next += 1;
      }
      tables.push({format: 'tab-separated', header: rows[0], rows: rows.slice(1), complete: undefined});
      at = next;
      continue;
    }
    at += 1;
  }
  return tables;
}

const sameName = (left: string, right: string) => left.trim().toLowerCase() === right.trim().toLowerCase();

/**
 * The table whose columns are `columns` (case aside), with its rows as records by column name. A tab-separated
 * table without a header line matches when it has as many columns: its first line is then a row.
 */
export function tableWith(
  tables: Table[],
  columns: string[],
): {table: Table; records: Record<string, string>[]} | undefined {
  const toRecords = (rows: string[][]) =>
    rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ''])));
  for (const table of tables) {
    const header = table.header;
    if (header.length === columns.length && header.every((name, index) => sameName(name, columns[index]))) {
      return {table, records: toRecords(table.rows)};
    }
  }
  const headerless = tables.find((table) => table.format === 'tab-separated' && table.header.length === columns.length);
  if (headerless) {
    const rows = [headerless.header, ...headerless.rows];
    return {table: {...headerless, header: columns, rows}, records: toRecords(rows)};
  }
  return undefined;
}

/** A boolean cell as psql (t, f), MySQL (1, 0), snowsql (True, False) or a result grid (true, TRUE) prints it. */
export function booleanCell(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === 't' || value === 'true' || value === '1') return true;
  if (value === 'f' || value === 'false' || value === '0') return false;
  return undefined;
}

/**
 * A table whose columns are aligned with spaces, at least two between columns (the Databricks SQL editor's rows as
 * this site shows them, the AWS CLI's text output with tabs shown as spaces): the lines that split into as many
 * cells as `width`.
 */
export function readSpaceAligned(text: string, width: number): {rows: string[][]; unread: string[]} {
  const rows: string[][] = [];
  const unread: string[] = [];
  for (const line of linesOf(text)) {
    if (line.trim() === '') continue;
    const cells = line.trim().split(/\t+|\s{2,}/);
    if (cells.length === width) rows.push(cells);
    else unread.push(line);
  }
  return {rows, unread};
}
