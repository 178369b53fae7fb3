// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

// The layers: app → features → mcp, schema, components, lib; imports flow one way only.
const noReactOrFeatures = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react/*', '@tanstack/react-*', '@rjsf/*'],
      message: 'src/mcp and src/schema are plain TypeScript: no React.',
    },
    { group: ['**/features/**', '**/app/**', '**/components/**'], message: 'src/mcp and src/schema must not import UI layers.' },
  ],
};

const FEATURES = ['call', 'connection', 'results', 'stdio', 'tools', 'traffic'];
const onlyAppComposes = { group: ['**/app/**'], message: 'Only src/app composes features.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-node', 'node_modules', 'conformance/node_modules', 'test-results', 'playwright-report', 'scratch'] },
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
  { files: ['src/mcp/**', 'src/schema/**'], rules: { 'no-restricted-imports': ['error', noReactOrFeatures] } },
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyAppComposes] }] },
  },
  // A feature never imports another: src/app composes them and passes what one needs as props.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyAppComposes,
            {
              group: FEATURES.filter((other) => other !== feature).flatMap((other) => [`**/${other}/**`, `**/features/${other}`]),
              message: 'Features do not import each other: src/app composes them (pass what is needed as props).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/mcp/**', '**/app/**'], message: 'Shared UI and helpers know nothing of MCP or features.' },
          ],
        },
      ],
    },
  },
  // expect.stringContaining() and friends are typed `any` by Vitest.
  { files: ['**/*.test.ts', 'e2e/**'], rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
);
