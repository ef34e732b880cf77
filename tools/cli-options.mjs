// @ts-check
// Command-line options of the scripts: `--name value`.

/**
 * The value after `name` in `args`, `fallback` when `name` is absent; an error when it has no value.
 * @template {string | undefined} F
 * @param {string[]} args
 * @param {string} name
 * @param {F} fallback
 * @returns {string | F}
 */
export function option(args, name, fallback) {
  const index = args.indexOf(name);
  if (index === -1) return fallback;
  if (!args[index + 1]) throw new Error(`${name} needs a value`);
  return args[index + 1];
}
