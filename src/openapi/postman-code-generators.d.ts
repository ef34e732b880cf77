// postman-code-generators ships no type declarations: the part of its API request-samples.ts calls.
// postman-collection ships its declarations without pointing to them from its package.json.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the only way to load them
/// <reference path="../../node_modules/postman-collection/types/index.d.ts" />
declare module 'postman-code-generators' {
  import type {Request} from 'postman-collection';

  type Callback<T> = (error: unknown, result: T) => void;

  const codegen: {
    /** Calls back with the snippet; every codegen of version 2.1 calls back before it returns. */
    convert(
      language: string,
      variant: string,
      request: Request,
      options: Record<string, unknown>,
      callback: Callback<string>,
    ): void;
    getOptions(language: string, variant: string, callback: Callback<Array<{id: string; default: unknown}>>): void;
  };
  export default codegen;
}
