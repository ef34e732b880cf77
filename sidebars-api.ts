import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import apiSidebar from './api/sidebar';

/** The openapi sidebar, generated from openapi/: the API root, then one category per tag. */
const sidebars: SidebarsConfig = {
  openApiSidebar: apiSidebar,
};

export default sidebars;
