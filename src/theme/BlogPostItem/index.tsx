import type {ReactNode} from 'react';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import BlogPostItem from '@theme-original/BlogPostItem';
import type BlogPostItemType from '@theme/BlogPostItem';
import type {WrapperProps} from '@docusaurus/types';
import SearchableContent from '@site/src/components/SearchableContent';

type Props = WrapperProps<typeof BlogPostItemType>;

/** A blog post's own page (not the list): the post marked searchable, under Blog (why: src/theme/README.md). */
export default function BlogPostItemWrapper(props: Props): ReactNode {
  const {isBlogPostPage} = useBlogPost();
  const post = <BlogPostItem {...props} />;
  return isBlogPostPage ? <SearchableContent section="Blog">{post}</SearchableContent> : post;
}
