import {lazy, Suspense, type ComponentProps, type ReactNode} from 'react';
import {useNearViewport} from '@site/src/hooks/useNearViewport';

/** The stock request panel (code samples, request and response), with postman-collection, in a chunk of its own. */
const RequestPanel = lazy(() => import('@theme-original/ApiExplorer'));

/**
 * The API theme renders this panel in the browser only. It loads when the panel comes near the viewport:
 * beside the operation on wide screens (at once), below it on phones (when the reader scrolls there).
 */
export default function ApiExplorer(props: ComponentProps<typeof RequestPanel>): ReactNode {
  const [placeholder, near] = useNearViewport<HTMLDivElement>('400px');
  // The theme's own loading placeholder (its SkeletonLoader, size "lg").
  const skeleton = <div ref={placeholder} className="openapi-skeleton lg" />;
  return near ? (
    <Suspense fallback={skeleton}>
      <RequestPanel {...props} />
    </Suspense>
  ) : (
    skeleton
  );
}
