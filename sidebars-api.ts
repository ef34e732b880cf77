import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {OPENAPI_SPEC_PATH} from './config/api-reference';
import {apiSidebar} from './src/plugins/api-pages/generate';
import {CHANGELOG_PAGE_ID} from './src/plugins/api-changelog';

const [apiRoot, ...apiGroups] = apiSidebar(OPENAPI_SPEC_PATH);

/**
 * The openapi sidebar, made from the OpenAPI description: the API root, the changelog (src/plugins/api-changelog),
 * a category per tag, then the webhooks.
 */
const sidebars: SidebarsConfig = {
  openApiSidebar: [apiRoot, {type: 'doc', id: CHANGELOG_PAGE_ID, label: 'Changelog'}, ...apiGroups],
};

export default sidebars;
