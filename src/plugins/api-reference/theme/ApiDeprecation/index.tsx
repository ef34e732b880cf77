import type {ReactNode} from 'react';
import Admonition from '@theme/Admonition';

/** The warning of a deprecated operation, webhook or object, when its page's data has one. */
export default function ApiDeprecation({text}: {text?: string}): ReactNode {
  return text ? (
    <Admonition type="warning" title="Deprecated">
      <p>{text}</p>
    </Admonition>
  ) : null;
}
