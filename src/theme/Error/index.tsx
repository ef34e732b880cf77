import {useEffect, type ReactNode} from 'react';
import Error from '@theme-original/Error';
import type ErrorType from '@theme/Error';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ErrorType>;

/** Sets the "Page Error" title on the document directly (why: src/theme/README.md). */
export default function ErrorWrapper(props: Props): ReactNode {
  useEffect(() => {
    document.title = 'Page Error';
  }, []);
  return <Error {...props} />;
}
