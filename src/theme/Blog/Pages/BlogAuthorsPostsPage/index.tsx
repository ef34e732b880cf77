import type {ComponentProps, ReactNode} from 'react';
import BlogAuthorsPostsPage from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';
import PageDescription from '@site/src/components/PageDescription';

/** See src/theme/README.md: the stock page has no meta description. */
export default function BlogAuthorsPostsPageWrapper(props: ComponentProps<typeof BlogAuthorsPostsPage>): ReactNode {
  const {name, title} = props.author;
  return (
    <>
      <PageDescription>{`Posts on the Vigil blog by ${name ?? 'this author'}${title ? `, ${title.charAt(0).toLowerCase()}${title.slice(1)}` : ''}.`}</PageDescription>
      <BlogAuthorsPostsPage {...props} />
    </>
  );
}
