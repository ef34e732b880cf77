// postman-code-generators ships no type declarations: each of its writers (`codegens/<name>`) exports `convert`.
declare module 'postman-code-generators/codegens/*' {
  const writer: import('./postman-codegens').SnippetWriter;
  export default writer;
}
