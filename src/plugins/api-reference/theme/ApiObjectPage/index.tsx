import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import StaticCodeBlock from '@site/src/components/StaticCodeBlock';
import type {ApiObjectData} from '@site/src/openapi/render-page';
import ApiDeprecation from '../ApiDeprecation';
import ApiProse from '../ApiProse';
import ApiShape from '../ApiShape';
import {pageDataOf, type PageDataProp} from '../../page-data/page-data-of';

/**
 * An object's page of the API reference ("The Dataset object"): its schema and description, every field (named
 * objects within linked to their own pages), an example, and the operations, webhooks and objects that show it. The
 * data is the module src/openapi/render-page.ts (objectPageData) writes beside the page's MDX; all of it is in the
 * HTML the server sends.
 */
export default function ApiObjectPage(props: {page: PageDataProp<ApiObjectData>}): ReactNode {
  const page = pageDataOf(props.page);
  return (
    <>
      <ApiDeprecation text={page.deprecation} />
      <ApiProse blocks={page.text} />
      <Heading as="h2" id="fields">
        Fields
      </Heading>
      <ApiShape shape={page.fields} />
      <Heading as="h2" id="example">
        Example
      </Heading>
      <StaticCodeBlock {...page.example} />
      {page.operations ? (
        <>
          <Heading as="h2" id="operations">
            Operations and webhooks
          </Heading>
          <ApiProse blocks={page.operations} />
        </>
      ) : null}
      {page.objects ? (
        <>
          <Heading as="h2" id="objects">
            Objects that hold it
          </Heading>
          <ApiProse blocks={page.objects} />
        </>
      ) : null}
    </>
  );
}
