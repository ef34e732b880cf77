import type {ReactNode} from 'react';
import type {ApiRootData} from '@site/src/openapi/render-overview';
import ApiOverview from '../ApiOverview';
import {pageDataOf, type PageDataProp} from '../../page-data/page-data-of';

/** The root page of the API reference: the data render-overview.ts writes from the description (a module beside the page's MDX). */
export default function ApiRootPage(props: {page: PageDataProp<ApiRootData>}): ReactNode {
  return <ApiOverview blocks={pageDataOf(props.page).blocks} />;
}
