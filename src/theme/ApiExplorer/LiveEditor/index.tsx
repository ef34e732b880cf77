import type {ComponentProps, ReactNode} from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

/**
 * A transform that yields no code stops react-live before it evaluates the body (it records a transform
 * error nobody displays); editing the body works as before (why: src/theme/README.md).
 */
function skipEvaluation(): undefined {
  return undefined;
}

export default function LiveEditorWrapper(props: ComponentProps<typeof LiveEditor>): ReactNode {
  return <LiveEditor {...props} transformCode={skipEvaluation} />;
}
