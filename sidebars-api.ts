import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {OPENAPI_SPEC_PATH} from './config/api-reference';
import {apiSidebar} from './src/plugins/api-pages/generate';

/** The openapi sidebar, made from the OpenAPI description: the API root, a category per tag, then the webhooks. */
const sidebars: SidebarsConfig = {
  openApiSidebar: apiSidebar(OPENAPI_SPEC_PATH),
};

export default sidebars;
