import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {announcementIdFromEnv} from '../../config/site-constants';

/** A second production build that differs from `build/` only by its announcement id. */
export const ANNOUNCEMENT_VARIANT_DIR = '.artifacts/build-new-announcement';
/** The id of the main build, and the one of the variant (always different from it). */
export const CURRENT_ANNOUNCEMENT_ID = announcementIdFromEnv(process.env.ANNOUNCEMENT_ID);
export const NEW_ANNOUNCEMENT_ID = announcementIdFromEnv(`${CURRENT_ANNOUNCEMENT_ID.slice(0, 58)}-next`);

const STAMP = `${ANNOUNCEMENT_VARIANT_DIR}/.built-from`;

/**
 * Builds the variant when it is missing or older than `build/` (the API pages generated for the main build
 * are reused). Runs before the browser tests, as Playwright's global setup.
 */
export default function buildAnnouncementVariant(): void {
  if (process.env.VIGIL_NO_SERVER || !existsSync('build/index.html')) return;
  const builtFrom = `${statSync('build/index.html').mtimeMs} ${NEW_ANNOUNCEMENT_ID}`;
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === builtFrom) return;
  console.log(`Building the site with announcement id "${NEW_ANNOUNCEMENT_ID}" into ${ANNOUNCEMENT_VARIANT_DIR}/`);
  const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', ANNOUNCEMENT_VARIANT_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {...process.env, ANNOUNCEMENT_ID: NEW_ANNOUNCEMENT_ID, FORCE_COLOR: '0'},
  });
  if (result.status !== 0) {
    throw new Error(`the build with announcement id "${NEW_ANNOUNCEMENT_ID}" failed (exit ${result.status})`);
  }
  writeFileSync(STAMP, builtFrom);
}
