// Prettier, the JavaScript formatter of www/ and tests/browser/ (tools/format.sh
// applies it; ./test.sh checks it). Set to the code's own style: single
// quotes, semicolons, trailing commas, object keys quoted as written, and a
// line of 140 characters, near the code's own (a narrower one rewraps much more).
export default {
  printWidth: 140,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  arrowParens: 'always',
  quoteProps: 'preserve',
};
