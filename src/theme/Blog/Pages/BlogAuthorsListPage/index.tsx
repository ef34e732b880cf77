import type {ComponentProps, ReactNode} from 'react';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import PageDescription from '@site/src/components/PageDescription';

/** See src/theme/README.md: the stock page has no meta description. */
export default function BlogAuthorsListPageWrapper(props: ComponentProps<typeof BlogAuthorsListPage>): ReactNode {
  return (
    <>
      <PageDescription>The authors of the Vigil blog and the posts each has written.</PageDescription>
      <BlogAuthorsListPage {...props} />
    </>
  );
}
