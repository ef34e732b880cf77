import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import CopyPageActions from '@site/src/components/CopyPageActions';

type Props = WrapperProps<typeof ContentType>;

/** Every doc and API reference page: the Copy page and View as Markdown actions above the content. */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <CopyPageActions permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
