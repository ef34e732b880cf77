import {test as setup} from '@playwright/test';
import {NGINX_TEST_PORT} from '../../playwright.config';

// The scripts are ES modules that read import.meta: imported as such, not through the test transpiler.
setup('nginx serves the production build with deploy/nginx.conf', async () => {
  const {startNginxDaemon} = await import('../../tools/nginx-server.mjs');
  // VIGIL_BUILD_DIR serves another build (a second build folder); the suite's default is build/.
  await startNginxDaemon({port: NGINX_TEST_PORT, buildDir: process.env.VIGIL_BUILD_DIR ?? 'build'});
});
