// Lint rules: TypeScript's recommended checks, React hooks, and accessibility of JSX.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAZY_SCREEN =
  "Load a screen or a piece of one with lazyScreen (src/ui/lazy-screen.tsx): it brings the screen's messages.";
const FULL_ZOD = {
  name: 'zod',
  message: "Import * as z from 'zod/mini' in the app (docs/decisions/zod-mini-in-the-browser.md).",
};
const LAZY_PATHS = [
  { name: 'react', importNames: ['lazy'], message: LAZY_SCREEN },
  { name: '@tanstack/react-router', importNames: ['lazyRouteComponent', 'createLazyRoute'], message: LAZY_SCREEN },
];
const LAZY_PATTERNS = [{ group: ['**/preloadable'], message: LAZY_SCREEN }];

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
    // A screen loaded on demand comes through lazyScreen, which brings its messages: any other way of loading one
    // would render it before the catalog's later part (docs/decisions/lazy-screen-messages.md).
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [FULL_ZOD, ...LAZY_PATHS], patterns: LAZY_PATTERNS }],
    },
  },
  {
    // What is not a screen and shows no message (the shell behind the splash, the splash's player), and the helpers.
    files: ['src/main.tsx', 'src/ui/loader/plate-player.ts', 'src/ui/lazy-screen.tsx', 'src/ui/preloadable.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [FULL_ZOD] }],
    },
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
