import { configDefaults, defineConfig } from 'vitest/config';
import { reactWithLingui } from './apps/web/scripts/react-lingui.mjs';

/** The web's test settings (vitest projects `web` and `web-node`). */
const web = {
  extends: './apps/web/vite.config.ts',
  resolve: {
    // tus-js-client's browser build (XMLHttpRequest, File), as the app bundles it; Node would get its Node build.
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.es5/browser/index.js' }],
  },
  test: {
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/web-streams.ts', './src/test/setup.ts'],
    // Above the 10 s that a query waits for a lazy route, so a missing element fails with its own message.
    testTimeout: 15_000,
    // A file's first import of a page (in a beforeAll) takes over Vitest's default 10 s on a busy 2-core machine.
    hookTimeout: 60_000,
  },
};
/** Web test files that need a worker of their own (see `web-node`). */
const WEB_OWN_WORKER = ['src/locales/catalogues.test.ts'];

// One runner, four projects: the pure domain, the web components (jsdom, and the few web tests that need a worker of
// their own) and the API against a real PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself (cores − 1: one worker on a 2-core machine); the test files keep both
    // busy, the main process's own work (transforms, reporting) fits around them.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_OWN_WORKER],
          // Each file in a fresh VM context of a long-lived worker, rather than in a fresh worker: jsdom and the
          // libraries are loaded once per worker, not once per file (about a third of this layer's CPU).
          pool: 'vmForks',
        },
      },
      {
        // The same tests' settings, in a worker per file (Vitest's default): for files whose tools patch Node's
        // module loader, which a VM context does not allow (Lingui's extractor loads its config with jiti).
        ...web,
        test: { ...web.test, name: 'web-node', include: WEB_OWN_WORKER, pool: 'forks' },
      },
      {
        // The contract tests import a few web client modules, whose texts are Lingui macros.
        plugins: [reactWithLingui({ include: /apps\/web\/src\/.*\.tsx?$/ })],
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Test files share a worker's loaded modules instead of importing the whole server again for each file
          // (most of a file's time otherwise). They still share no rows: each file copies its own database.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
