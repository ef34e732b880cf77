import type {ReactNode} from 'react';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import Header from '@theme-original/BlogPostItem/Header';
import type HeaderType from '@theme/BlogPostItem/Header';
import type {WrapperProps} from '@docusaurus/types';
import CopyPageActions from '@site/src/components/CopyPageActions';

type Props = WrapperProps<typeof HeaderType>;

/** A blog post's own page (not the list): the Copy page and View as Markdown actions under the header. */
export default function HeaderWrapper(props: Props): ReactNode {
  const {metadata, isBlogPostPage} = useBlogPost();
  return (
    <>
      <Header {...props} />
      {isBlogPostPage && <CopyPageActions permalink={metadata.permalink} />}
    </>
  );
}
