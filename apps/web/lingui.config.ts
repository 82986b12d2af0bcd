import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The shop's message catalogues (src/locales/<locale>/<name>.po), English and Hindi. English is written in the code
 * (Lingui's macros: <Trans>, t`…`, msg`…`); `npm run i18n:extract` collects it into the catalogues, where the Hindi is
 * written. One catalogue per feature, loaded with that feature's page (src/lib/i18n.ts), and `common` for what every
 * page shows (header, footer, shared components, the landing and policy pages) and for what a feature shows before
 * its page has loaded (its `*-route.tsx`: the route with its loading text). The owner's console and the developer
 * pages stay English and have no catalogue.
 */
const ENGLISH_ONLY = ['admin', 'dev'];
const COMMON = ['app/', 'components/', 'lib/', 'features/home/', 'features/info/', 'features/not-found/', 'features/placeholders/'];
const BEFORE_LOAD = ['features/*/*-route.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: [...COMMON, ...BEFORE_LOAD].map((dir) => `<rootDir>/src/${dir}`),
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
