import type * as Preset from '@docusaurus/preset-classic';
import {GITHUB_URL, SITE_TITLE} from './site-constants';

/** Top navigation in the order of the site specification, GitHub on the right. */
export const navbar = {
  title: SITE_TITLE,
  hideOnScroll: false,
  logo: {
    alt: `${SITE_TITLE} logo`,
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    width: 32,
    height: 32,
  },
  items: [
    {type: 'doc', docId: 'intro', label: 'Getting Started', position: 'left'},
    {type: 'doc', docId: 'configuring-datastore/index', label: 'Configure Datastore', position: 'left'},
    {type: 'doc', docId: 'onboarding-catalog/index', label: 'Data Catalog', position: 'left'},
    {type: 'doc', docId: 'features/index', label: 'Features', position: 'left'},
    {type: 'doc', docId: 'product/index', label: 'Product', position: 'left'},
    {to: '/api', label: 'API', position: 'left', activeBaseRegex: '^/docs/api(/|$)'},
    {to: '/blog', label: 'Blog', position: 'left'},
    {type: 'docsVersionDropdown', position: 'right'},
    {type: 'localeDropdown', position: 'right'},
    {type: 'search', position: 'right'},
    {href: GITHUB_URL, label: 'GitHub', position: 'right', 'aria-label': 'Vigil on GitHub'},
  ],
} satisfies Preset.ThemeConfig['navbar'];
