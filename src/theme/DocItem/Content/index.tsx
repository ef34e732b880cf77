import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import CopyPageActions from '@site/src/components/CopyPageActions';
import SearchableContent from '@site/src/components/SearchableContent';
import SetupValues from '@site/src/components/SetupValues';

type Props = WrapperProps<typeof ContentType>;

/**
 * Every doc and API reference page: the Copy page and View as Markdown actions above the content, the "your
 * values" control on a setup page (front matter `your_values`), and the content marked searchable, under Docs
 * or API (why: src/theme/README.md).
 */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata, frontMatter} = useDoc();
  // The API reference is its own docs instance, under /api (its routeBasePath in docusaurus.config.ts).
  const apiRoot = useBaseUrl('/api');
  const section = metadata.permalink === apiRoot || metadata.permalink.startsWith(`${apiRoot}/`) ? 'API' : 'Docs';
  return (
    <>
      <CopyPageActions permalink={metadata.permalink} />
      <SetupValues declaration={(frontMatter as {your_values?: unknown}).your_values}>
        <SearchableContent section={section} glossary={(frontMatter as {glossary?: unknown}).glossary === true}>
          <Content {...props} />
        </SearchableContent>
      </SetupValues>
    </>
  );
}
