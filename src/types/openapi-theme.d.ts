// Theme components of docusaurus-theme-openapi-docs that our swizzled components render; the theme ships
// no type declarations for them.
declare module '@theme/SchemaItem' {
  import type {ReactNode} from 'react';

  export default function SchemaItem(props: Record<string, unknown>): ReactNode;
}

// The theme's request panel and the pieces of its ApiItem that set up the panel's state
// (src/components/RequestBuilder/Panel.tsx).
declare module '@theme/ApiExplorer' {
  import type {ReactNode} from 'react';

  export default function ApiExplorer(props: {item: Record<string, unknown>; infoPath?: string}): ReactNode;
}

declare module '@theme/ApiItem/store' {
  export function createStoreWithState(state: Record<string, unknown>, middlewares: unknown[]): import('redux').Store;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function createAuth(options: {security: unknown; securitySchemes: unknown; options: unknown}): unknown;
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  export function createPersistenceMiddleware(options: unknown): unknown;
}
