import type {ReactNode} from 'react';
import CloseButton from '@theme-original/AnnouncementBar/CloseButton';
import type CloseButtonType from '@theme/AnnouncementBar/CloseButton';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof CloseButtonType>;

/** The announcement bar's close button, named for what it closes (why: src/theme/README.md). */
export default function CloseButtonWrapper(props: Props): ReactNode {
  return <CloseButton {...props} aria-label="Close announcement" />;
}
