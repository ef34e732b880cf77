import {expect, test as teardown} from '@playwright/test';
import {NGINX_TEST_PORT} from '../../playwright.config';

teardown('nginx stops', async () => {
  const {stopNginxDaemon} = await import('../../tools/nginx-server.mjs');
  expect(stopNginxDaemon(`.artifacts/nginx-${NGINX_TEST_PORT}`), 'nginx was running').toBe(true);
});
