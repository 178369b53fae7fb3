// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// The layers, fenced by path (import-x resolves each import, so `src/compare` and
// `features/history` cannot be mistaken for each other the way a name glob would):
//   lib → mcp → schema → compare → lint → components → features/* → app
// Each folder imports only from folders to its left; features never import each other.
const PURE = ['mcp', 'schema', 'compare', 'lint'];
const FEATURES = ['call', 'connection', 'history', 'report', 'results', 'stdio', 'tools', 'traffic'];
const UI = ['./src/components', './src/features', './src/app'];
const zone = (target, from, message) => ({ target, from, message });
const layerZones = [
  zone(
    './src/lib',
    ['./src/mcp', './src/schema', './src/compare', './src/lint', ...UI],
    'src/lib holds small helpers: it knows nothing of MCP or the UI.',
  ),
  zone('./src/mcp', ['./src/schema', './src/compare', './src/lint', ...UI], 'src/mcp is the protocol layer: it imports only src/lib.'),
  zone('./src/schema', ['./src/compare', './src/lint', ...UI], 'src/schema imports only src/mcp and src/lib.'),
  zone('./src/compare', ['./src/lint', ...UI], 'src/compare imports only the layers below it.'),
  zone('./src/lint', UI, 'src/lint (the server report’s rules) is plain TypeScript under the UI.'),
  zone(
    './src/components',
    ['./src/mcp', './src/compare', './src/lint', './src/features', './src/app'],
    'Shared UI knows nothing of MCP or features.',
  ),
  ...FEATURES.map((feature) =>
    zone(
      `./src/features/${feature}`,
      ['./src/app', ...FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}`)],
      'Features do not import each other: src/app composes them (pass what is needed as props).',
    ),
  ),
];

// The plain-TypeScript folders never import React (or anything built on it).
const noReact = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react/*', '@tanstack/react-*', '@rjsf/*'],
      message: 'src/mcp, src/schema, src/compare and src/lint are plain TypeScript: no React.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-node',
      '.dist-build-*',
      'node_modules',
      'conformance/node_modules',
      'test-results',
      'playwright-report',
      'scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs', 'e2e/fixtures/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // We do not run the React Compiler, so its incompatible-library notice (useVirtualizer) is noise.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // components/ui/Select.tsx renders a native <select>: a label around it labels a control.
  { files: ['src/**/*.tsx'], rules: { 'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Select'] }] } },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    // import-x reads .js files by default: without these it resolves no .ts import and no-cycle
    // never fires (checked: a planted cycle is reported with them, not without).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Tests may reach across layers to check one against another.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  { files: PURE.map((folder) => `src/${folder}/**`), rules: { 'no-restricted-imports': ['error', noReact] } },
  // expect.stringContaining() and friends are typed `any` by Vitest.
  { files: ['**/*.test.ts', 'e2e/**'], rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
);
