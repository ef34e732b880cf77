import {createRequire} from 'node:module';
import {join} from 'node:path';

/**
 * Resolves from the site's folder (the working directory of the build and of the tests, which load these modules
 * too and do not give them `import.meta.url`).
 */
export const siteRequire = createRequire(join(process.cwd(), 'package.json'));

/** The absolute path of a file of this folder, for a loader rule, an alias or the bundle's entry. */
export const wingFile = (name: string): string => siteRequire.resolve(`./src/upstream/${name}`);
