import type * as Preset from '@docusaurus/preset-classic';
import {BASE_URL, GITHUB_URL, SITE_TITLE} from './site-constants';

/** A navbar item's `activeBaseRegex`: the pages whose path under the base URL matches `pattern`. */
function pagesMatching(pattern: string): string {
  return `^${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${pattern}`;
}

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
    // Plain links with a path pattern each: all docs share one sidebar, so `type: 'doc'` items would all
    // light up together on every doc page.
    {to: '/intro', label: 'Getting Started', position: 'left', activeBaseRegex: pagesMatching('intro$')},
    {
      to: '/configuring-datastore/',
      label: 'Configure Datastore',
      position: 'left',
      activeBaseRegex: pagesMatching('configuring-datastore/'),
    },
    {
      to: '/onboarding-catalog/',
      label: 'Data Catalog',
      position: 'left',
      activeBaseRegex: pagesMatching('onboarding-catalog/'),
    },
    {to: '/features/', label: 'Features', position: 'left', activeBaseRegex: pagesMatching('features/')},
    {to: '/product/', label: 'Product', position: 'left', activeBaseRegex: pagesMatching('product/')},
    {to: '/api', label: 'API', position: 'left', activeBaseRegex: pagesMatching('api(/|$)')},
    {to: '/blog', label: 'Blog', position: 'left'},
    {type: 'docsVersionDropdown', position: 'right'},
    {type: 'localeDropdown', position: 'right'},
    {type: 'search', position: 'right'},
    {href: GITHUB_URL, label: 'GitHub', position: 'right', 'aria-label': 'Vigil on GitHub'},
  ],
} satisfies Preset.ThemeConfig['navbar'];
