import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

// Flat web features: a feature imports components/, lib/, the app/ wiring it is given and the domain, never another
// feature; components/ and lib/ never import a feature or the app wiring, the test helpers never a feature. Shared pieces move down, so a change to one
// feature cannot ripple into another.
const WEB = 'apps/web/src';
const FEATURES = fs
  .readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
export const webBoundaryZones = [
  ...FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to components/, lib/ or src/test/.',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'components/ and lib/ are shared: they never import a feature or the app wiring.',
  },
  {
    // The test helpers render the whole app, but never reach into a feature.
    target: `./${WEB}/test`,
    from: `./${WEB}/features`,
    message: 'The test helpers are shared: they never import a feature.',
  },
];

// What a customer sees is translated: text in a customer page, component or message is written with Lingui's macros
// (<Trans>, t`…`, msg`…`) so it reaches the catalogues. Strings that are not words for people are let through:
// identifiers, paths, CSS classes, constants, and the values of attributes and properties that are never shown.
const CUSTOMER_FILES = [
  `${WEB}/app/**/*.{ts,tsx}`,
  `${WEB}/components/**/*.{ts,tsx}`,
  `${WEB}/lib/**/*.{ts,tsx}`,
  `${WEB}/features/**/*.{ts,tsx}`,
];
const NOT_CUSTOMER_FILES = [`${WEB}/features/admin/**`, `${WEB}/features/dev/**`, `${WEB}/**/*.test.{ts,tsx}`, `${WEB}/test/**`];
export const unlocalizedStringOptions = {
  ignore: [
    '^[a-z0-9_$./:#?=&@%+*~\\[\\]()\\-]*$', // identifiers, paths, URLs, keys
    '^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$', // camelCase identifiers (form field names: register('postalCode'))
    '^framewala\\.[a-zA-Z.]+$', // the browser storage keys
    '^[A-Z0-9_]+$', // CONSTANT_NAMES and codes
    '^[a-z0-9_:./\\[\\]()%#&>~*=!-]+( [a-z0-9_:./\\[\\]()%#&>~*=!-]+)+$', // CSS classes, selectors
    '^(image|text|application|model|video|font)/', // media types
  ],
  ignoreNames: [
    { regex: { pattern: 'className$', flags: 'i' } },
    { regex: { pattern: '^(data-|aria-(controls|describedby|labelledby|live|haspopup|current|hidden)$)' } },
    'type',
    'role',
    'id',
    'htmlFor',
    'href',
    'to',
    'src',
    'rel',
    'target',
    'name',
    'autoComplete',
    'inputMode',
    'method',
    'key',
    'testId',
    'accept',
    'capture',
    'lang',
    'dir',
    'loading',
    'decoding',
    'fetchPriority',
    'crossOrigin',
    'referrerPolicy',
    'mode',
    'variant',
    'tone',
    'align',
    'size',
    'side',
    'status',
    'kind',
    'layout',
    'queryKey',
    'mutationKey',
    'cacheKey',
  ],
  ignoreFunctions: [
    'Error',
    'TypeError',
    'RangeError',
    'console.*',
    'require',
    'import',
    'URL',
    'URLSearchParams',
    'new URL',
    'document.querySelector',
    'document.querySelectorAll',
    'document.getElementById',
    '*.querySelector',
    '*.querySelectorAll',
    '*.getItem',
    '*.setItem',
    '*.removeItem',
    '*.addEventListener',
    '*.removeEventListener',
    '*.get',
    '*.set',
    '*.has',
    '*.delete',
    '*.getAttribute',
    '*.setAttribute',
    '*.startsWith',
    '*.endsWith',
    '*.includes',
    '*.split',
    '*.join',
    '*.replace',
    '*.match',
    'fetch',
    'apiRequest',
    'authedRequest',
    'api.get',
    'api.post',
    'authedApi.*',
    'matchMedia',
    'window.matchMedia',
    'useQuery',
    'cx',
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // The domain is pure: no I/O libraries, no app code.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', 'sharp', 'fastify', 'drizzle-orm*', 'react', 'react-dom', '@aws-sdk/*', '**/apps/**'],
              message: 'packages/domain must stay pure (no I/O, no app code).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Import cycles in every workspace, type-only imports included, are refused by oxlint's import/no-cycle
  // (.oxlintrc.json, run by `npm run lint` after ESLint): import-x/no-cycle never follows an `import type`.

  {
    files: CUSTOMER_FILES,
    ignores: NOT_CUSTOMER_FILES,
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': ['error', unlocalizedStringOptions],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
      'lingui/no-trans-inside-trans': 'error',
    },
  },
);
