import type * as Preset from '@docusaurus/preset-classic';
import {COPYRIGHT_YEAR, GITHUB_URL, SITE_TITLE} from './site-constants';

/** Footer columns of the site specification and the copyright line. */
export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Documentation',
      items: [
        {label: 'Getting Started', to: '/intro'},
        {label: 'Configure Datastore', to: '/configuring-datastore/'},
        {label: 'Data Catalog', to: '/onboarding-catalog/'},
      ],
    },
    {
      title: 'Product',
      items: [
        {label: 'Features', to: '/features/'},
        {label: 'Product Overview', to: '/product/'},
        {label: 'API Reference', to: '/api'},
      ],
    },
    {
      title: 'Community',
      items: [
        {label: 'GitHub', href: GITHUB_URL},
        {label: 'Blog', to: '/blog'},
      ],
    },
  ],
  copyright: `Copyright © ${COPYRIGHT_YEAR} ${SITE_TITLE}.`,
} satisfies Preset.ThemeConfig['footer'];
