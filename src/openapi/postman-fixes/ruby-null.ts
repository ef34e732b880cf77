/**
 * postman-code-generators 2.1.1, Ruby Net::HTTP codegen (`codegens/ruby/lib/util/parseBody.js`): a JSON body is
 * written as a Ruby hash literal with each `null` first replaced by the token `__RUBY#%0NULL__`, which is meant
 * to become `nil`; but the string is escaped for Ruby (`#` to `\#`) before that replacement, which then finds
 * nothing, and the sample sends the string "__RUBY#%0NULL__" instead of null. This puts the `nil` back.
 * Not reported upstream (none found). Delete it when the codegen writes `nil` itself:
 * tests/unit/api-request-samples.spec.ts checks a body with null in every language.
 */
const MANGLED_NULL = '"__RUBY\\#%0NULL__"';

export function rubyNullLiterals(snippet: string): string {
  return snippet.split(MANGLED_NULL).join('nil');
}
