import { defineConfig } from '@lingui/cli';
import babel from '@lingui/cli/api/extractors/babel';
import type { ExtractorType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { ERROR_CATALOGUE, ERROR_CODES, INDIAN_STATES } from '@framewala/domain';

/**
 * The shop's message catalogues (src/locales/<locale>/<name>.po), English and Hindi. English is written in the code
 * (Lingui's macros: <Trans>, t`…`, msg`…`), and for the domain's error codes and states in the domain (below);
 * `npm run i18n:extract` collects it into the catalogues, where the Hindi is written. One catalogue per feature,
 * loaded with that feature's page (src/lib/i18n.ts), and `common` for what every page shows (header, footer, shared
 * components, the landing and policy pages) and for what a feature shows before its page has loaded (its
 * `*-route.tsx`: the route with its loading text). The owner's console and the developer pages stay English and have
 * no catalogue.
 */
const ENGLISH_ONLY = ['admin', 'dev'];

/**
 * The domain owns the error codes (with the English the API answers with) and the states' ids (their canonical names,
 * which addresses store). Their texts are not typed again in the web: this extractor gives each code and state id to
 * the `common` catalogue as a message with that id, so its Hindi is written there like any other.
 */
const DOMAIN_TEXTS: Record<string, readonly { id: string; message: string }[]> = {
  'errors.ts': ERROR_CODES.map((code) => ({ id: code, message: ERROR_CATALOGUE[code].message })),
  'india.ts': INDIAN_STATES.map((state) => ({ id: state, message: state })),
};
const domainFile = (filename: string) => filename.replace(/\\/g, '/').match(/packages\/domain\/src\/(errors\.ts|india\.ts)$/)?.[1];
const domainTexts: ExtractorType = {
  match: (filename) => domainFile(filename) !== undefined,
  extract(filename, _code, onMessageExtracted) {
    for (const { id, message } of DOMAIN_TEXTS[domainFile(filename)!]!) onMessageExtracted({ id, message, origin: [filename, 1] });
  },
};
const COMMON = ['app/', 'components/', 'lib/', 'features/home/', 'features/info/', 'features/not-found/', 'features/placeholders/'];
const BEFORE_LOAD = ['features/*/*-route.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  extractors: [domainTexts, babel],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: [
        ...[...COMMON, ...BEFORE_LOAD].map((dir) => `<rootDir>/src/${dir}`),
        '<rootDir>/../../packages/domain/src/errors.ts',
        '<rootDir>/../../packages/domain/src/india.ts',
      ],
      exclude: ['**/*.test.*', ...ENGLISH_ONLY.map((dir) => `<rootDir>/src/features/${dir}/**`)],
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: [
        '**/*.test.*',
        ...BEFORE_LOAD.map((file) => `<rootDir>/src/${file}`),
        ...[...ENGLISH_ONLY, 'home', 'info', 'not-found', 'placeholders'].map((dir) => `<rootDir>/src/features/${dir}/**`),
      ],
    },
  ],
});
