// Lint rules: TypeScript's recommended checks, React hooks, and accessibility of JSX.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which globals exist where. The app runs in the browser, the provider and the scripts in Node, and the contract and
// the shared rules (src/domain) in both. The one type-check pass (tsconfig.json) has the DOM's and Node's types
// together, so these rules are what keeps each environment's code off the other's globals.
const builtin = new Set(Object.keys(globals.builtin));
const NODE_ONLY = Object.keys(globals.node).filter((name) => !(name in globals.browser) && !builtin.has(name));
// Recent Node has these too, but not as the browser's: the provider keeps nothing on a device and has no navigator.
const BROWSER_ONLY = [
  ...Object.keys(globals.browser).filter((name) => !(name in globals.node) && !builtin.has(name)),
  'localStorage',
  'sessionStorage',
  'navigator',
];
const restrict = (names, where) => [
  'error',
  ...names.map((name) => ({ name, message: `${name} does not exist in ${where}.` })),
];
const NOT_IN_BROWSER = restrict(NODE_ONLY, 'the browser');
const NOT_IN_NODE = restrict(BROWSER_ONLY, 'Node (the provider and the scripts)');

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'bench/tmp',
      'coverage',
      'node_modules',
      'src/route-tree.gen.ts',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The guests' bundle gets zod's tree-shakable API only: one full-zod import puts all of zod on their path.
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import * as z from 'zod/mini' in the app (docs/decisions/zod-mini-in-the-browser.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': NOT_IN_BROWSER },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    // It drives a browser: the functions it hands the page use the page's globals.
    ignores: ['scripts/lighthouse.ts'],
    rules: { 'no-restricted-globals': NOT_IN_NODE },
  },
  {
    files: ['contract/**/*.ts', 'src/domain/**/*.ts'],
    rules: { 'no-restricted-globals': [...NOT_IN_BROWSER, ...NOT_IN_NODE.slice(1)] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
