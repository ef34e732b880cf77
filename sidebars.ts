import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The one docs sidebar, in the order of the top navigation. */
const sidebars: SidebarsConfig = {
  docs: [
    'intro',
    {
      type: 'category',
      label: 'Configure Datastore',
      link: {type: 'doc', id: 'configuring-datastore/index'},
      collapsed: false,
      items: [
        'configuring-datastore/secrets',
        'configuring-datastore/network-access',
        'configuring-datastore/snowflake',
        'configuring-datastore/bigquery',
        'configuring-datastore/databricks',
        'configuring-datastore/redshift',
        'configuring-datastore/postgresql',
        'configuring-datastore/mysql',
        'configuring-datastore/s3',
        'configuring-datastore/kafka',
      ],
    },
    {
      type: 'category',
      label: 'Data Catalog',
      link: {type: 'doc', id: 'onboarding-catalog/index'},
      items: [
        'onboarding-catalog/aws-glue',
        'onboarding-catalog/unity-catalog',
        'onboarding-catalog/datahub',
        'onboarding-catalog/sync-status-and-scheduling',
        'onboarding-catalog/snowflake-marketplace',
        'onboarding-catalog/kaggle',
      ],
    },
    {
      type: 'category',
      label: 'Features',
      link: {type: 'doc', id: 'features/index'},
      items: [
        'features/profiling',
        'features/rules',
        'features/anomaly-detection',
        'features/data-contracts',
        'features/streaming-monitoring',
        'features/alerts',
        'features/quality-score',
        'features/data-errors',
        'features/browser-extension',
      ],
    },
    {
      type: 'category',
      label: 'Pipelines and CI',
      link: {type: 'doc', id: 'pipelines/index'},
      items: [
        'pipelines/airflow',
        'pipelines/dagster',
        'pipelines/dbt',
        'pipelines/configuration-as-code',
        'pipelines/github-actions',
      ],
    },
    {
      type: 'category',
      label: 'Product',
      link: {type: 'doc', id: 'product/index'},
      items: [
        'product/architecture',
        'product/security',
        'product/deployment',
        'product/limits-and-quotas',
        'product/cost',
        'product/glossary',
      ],
    },
  ],
};

export default sidebars;
