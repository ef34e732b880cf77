import {useEffect, type ReactNode} from 'react';
import Error from '@theme-original/Error';
import type ErrorType from '@theme/Error';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ErrorType>;

/**
 * When the layout itself crashes, the site-wide error page renders without the layout and its head
 * manager, so its "Page Error" title is never applied; the title is set directly instead.
 */
export default function ErrorWrapper(props: Props): ReactNode {
  useEffect(() => {
    document.title = 'Page Error';
  }, []);
  return <Error {...props} />;
}
