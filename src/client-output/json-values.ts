/**
 * JSON values as command-line tools print them: one document (`bq show --format=prettyjson`, the JSON a
 * `databricks api post` call returns), or one value per line (`jq -c`).
 */
import {isRecord} from '../utils/is-record';
import {linesOf} from './tables';

/** The values of `text`: the whole text as one JSON document, or each non-empty line as one; undefined if neither. */
export function readJsonValues(text: string): unknown[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return [JSON.parse(trimmed)];
  } catch {
    // Not one document: try one value per line.
  }
  const values: unknown[] = [];
  for (const line of linesOf(trimmed)) {
    if (line.trim() === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch {
      return undefined;
    }
  }
  return values;
}

/** The property `key` of `value` when it is an object. */
export function property(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}
