import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof NotFoundContentType>;

/** The not-found title and description, for both not-found pages (why: src/theme/README.md). */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  const title = translate({id: 'theme.NotFound.title', message: 'Page Not Found'});
  const description = translate({
    id: 'theme.NotFound.p1',
    message: 'We could not find what you were looking for.',
  });
  return (
    <>
      <PageMetadata title={title} description={description} />
      <NotFoundContent {...props} />
    </>
  );
}
