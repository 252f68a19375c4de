// ESLint (flat config) for the JavaScript of www/ and tests/browser/: the
// recommended rules, which find mistakes; layout is Prettier's
// (prettier.config.mjs), so no rule here is about layout. The packages come
// from the browser tests' pinned install (tests/browser/package.json).
//   tools/format.sh --check   (./test.sh: the formatter, then this)
import { createRequire } from 'node:module';

const require = createRequire(new URL('./tests/browser/package.json', import.meta.url));
const js = require('@eslint/js');
const globals = require('globals');

export default [
  { ignores: ['www/pkg/**', '**/node_modules/**', 'tests/browser/artifacts/**'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A destructuring's rest without some keys (`const { rev, ...rest }`) is deliberate.
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The pages and the widget run in browsers.
  { files: ['www/**/*.js'], languageOptions: { globals: globals.browser } },
  // The workers run in worker scopes, the service worker in its own.
  { files: ['www/ai-worker.js', 'www/analysis/worker.js'], languageOptions: { globals: globals.worker } },
  { files: ['www/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // The tests run under Node and send functions into the page (page.evaluate).
  { files: ['tests/browser/**/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
