import {useMemo, type ReactNode} from 'react';
import type {ApiRootData} from '@site/src/openapi/render-overview';
import ApiOverview from '../ApiOverview';

/** The root page of the API reference: the data render-overview.ts writes from the description (JSON text). */
export default function ApiRootPage({page: json}: {page: string}): ReactNode {
  const page = useMemo(() => JSON.parse(json) as ApiRootData, [json]);
  return <ApiOverview blocks={page.blocks} />;
}
