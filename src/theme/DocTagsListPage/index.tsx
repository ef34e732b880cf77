import type {ComponentProps, ReactNode} from 'react';
import DocTagsListPage from '@theme-original/DocTagsListPage';
import PageDescription from '@site/src/components/PageDescription';

/** See src/theme/README.md: the stock page has no meta description. */
export default function DocTagsListPageWrapper(props: ComponentProps<typeof DocTagsListPage>): ReactNode {
  return (
    <>
      <PageDescription>Every tag of the Vigil documentation, with the number of pages under each.</PageDescription>
      <DocTagsListPage {...props} />
    </>
  );
}
