import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof NotFoundContentType>;

/**
 * Unknown paths under /docs/ are answered by the docs plugin (its route base is the site root), which renders
 * this content without the page title the stand-alone not-found page sets. The title and a description (for
 * search engines and link previews) are set here for both.
 */
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
