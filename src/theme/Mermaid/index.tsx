import {lazy, Suspense, type ReactNode} from 'react';
import {useNearViewport} from '@site/src/hooks/useNearViewport';

/** The stock diagram component, with the Mermaid library it imports, in a chunk of its own. */
const MermaidDiagram = lazy(() => import('@theme-original/Mermaid'));

type Props = {value: string};

/**
 * Diagrams render in the browser only (the stock component renders nothing on the server). Mermaid
 * loads when a diagram comes near the viewport, after the page is interactive, instead of with the
 * scripts every page with a diagram runs first.
 */
export default function Mermaid(props: Props): ReactNode {
  const [container, near] = useNearViewport<HTMLDivElement>('400px');
  return (
    <div ref={container}>
      {near && (
        <Suspense fallback={null}>
          <MermaidDiagram {...props} />
        </Suspense>
      )}
    </div>
  );
}
