// @ts-check
// ESLint (flat configuration): the recommended rules of ESLint, typescript-eslint, React, the Rules of Hooks,
// jsx-a11y and Docusaurus. Formatting is Prettier's (.prettierrc.json), so no rule here is about layout.
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import {defineConfig, globalIgnores} from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    // Generated: the production build, the API pages and the Docusaurus cache, the docs MCP server's compiled output.
    'build/',
    'api/',
    '.docusaurus/',
    'static/openapi/',
    'packages/*/dist/',
    // Test and benchmark output.
    'test-results/',
    'playwright-report/',
    '.artifacts/',
    'bench/runs/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  react.configs.flat.recommended,
  // Docusaurus compiles JSX with React's automatic runtime: no `import React` in scope.
  react.configs.flat['jsx-runtime'],
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    // @docusaurus/eslint-plugin 3.7.0 (the version of the site's Docusaurus) has only eslintrc presets: its
    // recommended rules, wired by hand.
    plugins: {'@docusaurus': docusaurus},
    rules: docusaurus.configs.recommended.rules,
  },
  {
    languageOptions: {
      // Scripts, tests, the configuration and the build plugins run in Node.js.
      globals: globals.node,
    },
    settings: {react: {version: 'detect'}},
    linterOptions: {reportUnusedDisableDirectives: 'error'},
  },
  {
    rules: {
      // Destructuring a key out to copy the rest of an object without it (`const {opacity, ...rest} = style`).
      '@typescript-eslint/no-unused-vars': ['error', {ignoreRestSiblings: true}],
      // The two rules below check what the React Compiler assumes; the site does not use the compiler, and both
      // report code that is right. `refs`: a ref read in a function that render creates but only event handlers
      // call (SearchBox), or inside the object the theme's useCodeWordWrap returns (StaticCodeBlock).
      'react-hooks/refs': 'off',
      // `set-state-in-effect`: the search page reads its query from the address once hydrated (the served HTML has
      // none, so hydration renders what the server sent); that second render is the point.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // src/ holds what the browser runs (components, theme, client modules) beside the build plugins.
    files: ['src/**'],
    languageOptions: {globals: globals.browser},
  },
  {
    // The measuring scripts and their tools hand functions to Playwright and Puppeteer, which run them in the page.
    files: ['scripts/**', 'tools/**'],
    languageOptions: {globals: globals.browser},
  },
  {
    // CommonJS modules load with require(): webpack loaders, the docs MCP server's command, the module the scripts
    // share with the tests. The browser entry requires modules one task after another, which imports cannot do.
    files: ['**/*.cjs', '**/*.js', '**/staged-client-entry-browser.ts'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // A Playwright fixture hands its value to a callback named `use`, which the rule takes for React's use().
    files: ['tests/**'],
    rules: {'react-hooks/rules-of-hooks': 'off'},
  },
]);
