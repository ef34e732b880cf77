/**
 * postman-code-generators 2.1.1, Java OkHttp codegen (`codegens/java-okhttp/lib/okhttp.js`): since GET may carry
 * a body in Postman (postmanlabs/postman-code-generators#513, for #502), a GET without one is written with an
 * empty text/plain body, `.method("GET", body)`, which OkHttp rejects before sending anything
 * (`IllegalArgumentException: method GET must not have a request body`). This writes `.method("GET", null)`
 * without the empty body, as the codegen did before #513 and still does for HEAD. Not reported upstream (none
 * found). Delete it when the codegen leaves the body out of a GET that has none:
 * tests/unit/api-request-samples.spec.ts checks the Java sample of a GET.
 */
const EMPTY_BODY =
  /MediaType mediaType = MediaType\.parse\("text\/plain"\);\n *RequestBody body = RequestBody\.create\(mediaType, ""\);\n */;

export function javaGetWithoutBody(snippet: string): string {
  if (!snippet.includes('.method("GET", body)')) return snippet;
  const patched = snippet.replace(EMPTY_BODY, '');
  return patched === snippet ? snippet : patched.replace('.method("GET", body)', '.method("GET", null)');
}
