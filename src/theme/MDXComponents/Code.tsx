import {Children, type ComponentProps, type ReactNode} from 'react';
import StaticCodeBlock, {type StaticCodeBlockProps} from '@site/src/components/StaticCodeBlock';

type Props = ComponentProps<'code'> & Partial<StaticCodeBlockProps> & {metastring?: string; live?: boolean};

/**
 * The MDX `code` element (replaces the theme's, why: src/theme/README.md): a fenced code block, which every
 * content plugin highlights at build time (src/plugins/static-code-blocks.ts), renders as a StaticCodeBlock;
 * inline code as a `code` element, which is all the theme's CodeInline renders (3.7.0): without that component
 * in between, a page hydrates one component less per inline code (264 of the 1,208 of the Snowflake setup page).
 * The theme's version renders fences with @theme/CodeBlock, which tokenizes in the browser with Prism.
 */
export default function MDXCode(props: Props): ReactNode {
  const {tokens, lineClass, preClass, language, metastring: _metastring, live: _live, ...rest} = props;
  if (tokens !== undefined && lineClass !== undefined && preClass !== undefined && language !== undefined) {
    return (
      <StaticCodeBlock
        {...(rest as Partial<StaticCodeBlockProps>)}
        tokens={tokens}
        lineClass={lineClass}
        preClass={preClass}
        language={language}
      />
    );
  }
  const inline =
    props.children !== undefined &&
    Children.toArray(props.children).every((child) => typeof child === 'string' && !child.includes('\n'));
  if (!inline) {
    // Rendered at build time for every page, so a content plugin without the rehype plugin fails the build.
    throw new Error(
      'a fenced code block was not highlighted at build time: give its content plugin rehypeStaticCodeBlocks (docusaurus.config.ts, src/plugins/static-code-blocks.ts)',
    );
  }
  return <code {...rest} />;
}
