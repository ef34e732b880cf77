import type {ComponentProps, ReactNode} from 'react';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import PageDescription from '@site/src/components/PageDescription';

/** See src/theme/README.md: the stock page has no meta description. */
export default function BlogTagsListPageWrapper(props: ComponentProps<typeof BlogTagsListPage>): ReactNode {
  return (
    <>
      <PageDescription>Every tag of the Vigil blog, with the number of posts under each.</PageDescription>
      <BlogTagsListPage {...props} />
    </>
  );
}
