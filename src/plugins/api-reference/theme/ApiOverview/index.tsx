import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import StaticCodeBlock from '@site/src/components/StaticCodeBlock';
import type {OverviewBlock} from '@site/src/openapi/render-overview';
import ApiProse from '../ApiProse';
import ApiText from '../ApiText';

/**
 * The description of an overview page of the API reference (the root, a tag), as render-overview.ts writes it:
 * headings with their anchors (and the page's table of contents), code blocks highlighted at build time, the
 * pipeline's own text (ApiProse), and a description's text as sanitised HTML.
 */
export default function ApiOverview({blocks}: {blocks: OverviewBlock[]}): ReactNode {
  return blocks.map((block, index) =>
    block.kind === 'heading' ? (
      <Heading key={index} as={`h${block.level}`} id={block.id}>
        {block.text}
      </Heading>
    ) : block.kind === 'code' ? (
      <StaticCodeBlock key={index} {...block.code} />
    ) : block.kind === 'prose' ? (
      <ApiProse key={index} blocks={block.prose} />
    ) : (
      <ApiText key={index} html={block.html} />
    ),
  );
}
