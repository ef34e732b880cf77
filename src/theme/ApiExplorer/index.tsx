import type {ComponentProps, ReactNode} from 'react';
import type RequestPanel from '@theme-original/ApiExplorer';
import LazyChunk from '@site/src/components/LazyChunk';
import {useNearViewport} from '@site/src/hooks/useNearViewport';

/** The stock request panel (code samples, request and response), with postman-collection, in a chunk of its own. */
const loadRequestPanel = () => import('@theme-original/ApiExplorer');

/**
 * See src/theme/README.md: the panel loads when it comes near the viewport, beside the operation on wide
 * screens (at once), below it on phones (when the reader scrolls there).
 */
export default function ApiExplorer(props: ComponentProps<typeof RequestPanel>): ReactNode {
  const [placeholder, near] = useNearViewport<HTMLDivElement>('400px');
  // The theme's own loading placeholder (its SkeletonLoader, size "lg").
  const skeleton = <div ref={placeholder} className="openapi-skeleton lg" />;
  return near ? <LazyChunk load={loadRequestPanel} props={props} placeholder={skeleton} /> : skeleton;
}
