import type {ReactNode} from 'react';
import MDXPage from '@theme-original/MDXPage';
import type MDXPageType from '@theme/MDXPage';
import type {WrapperProps} from '@docusaurus/types';
import MarkdownAlternate from '@site/src/components/MarkdownAlternate';

type Props = WrapperProps<typeof MDXPageType>;

/** A Markdown page of src/pages: its head announces its Markdown version (why: src/theme/README.md). */
export default function MDXPageWrapper(props: Props): ReactNode {
  return (
    <>
      <MarkdownAlternate permalink={props.content.metadata.permalink} />
      <MDXPage {...props} />
    </>
  );
}
