// Theme components of docusaurus-theme-openapi-docs that our swizzled components render; the theme ships
// no type declarations for them.
declare module '@theme/SchemaItem' {
  import type {ReactNode} from 'react';

  export default function SchemaItem(props: Record<string, unknown>): ReactNode;
}
