import type {ComponentProps, ReactNode} from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

/**
 * The request body editor of the API reference is a react-live playground: on every change react-live
 * compiles the body and runs it with `new Function` to render a preview the theme never shows. That needs
 * 'unsafe-eval' in the Content-Security-Policy. A transform that yields no code stops react-live before the
 * evaluation (it records a transform error nobody displays); editing the body works as before.
 */
function skipEvaluation(): undefined {
  return undefined;
}

export default function LiveEditorWrapper(props: ComponentProps<typeof LiveEditor>): ReactNode {
  return <LiveEditor {...props} transformCode={skipEvaluation} />;
}
