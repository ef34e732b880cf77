import type {ComponentType, ReactNode} from 'react';
import {Provider} from 'react-redux';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiExplorer from '@theme/ApiExplorer';
import {operationOf, storeFor, type Operation} from '../../upstream/api-explorer-store';

function Panel({operation}: {operation: Operation}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {frontMatter} = useDoc() as unknown as {frontMatter: {info_path?: string}};
  const options = (siteConfig.themeConfig as {api?: unknown}).api;
  return (
    <Provider store={storeFor(operation, options)}>
      <ApiExplorer item={operation} infoPath={frontMatter.info_path} />
    </Provider>
  );
}

/** The panel for the page's operation (its encoded `api` front matter), as LazyChunk loads a component. */
export async function panelFor(encoded: string): Promise<{default: ComponentType<object>}> {
  const operation = await operationOf(encoded);
  return {default: () => <Panel operation={operation} />};
}
