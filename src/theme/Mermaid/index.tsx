import type {ReactNode} from 'react';
import LazyChunk from '@site/src/components/LazyChunk';
import {useNearViewport} from '@site/src/hooks/useNearViewport';

/** The stock diagram component, with the Mermaid library it imports, in a chunk of its own. */
const loadDiagram = () => import('@theme-original/Mermaid');

type Props = {value: string};

/** See src/theme/README.md: Mermaid loads when a diagram comes near the viewport, after the page is interactive. */
export default function Mermaid(props: Props): ReactNode {
  const [container, near] = useNearViewport<HTMLDivElement>('400px');
  return <div ref={container}>{near && <LazyChunk load={loadDiagram} props={props} />}</div>;
}
