import { defineConfig } from 'vitest/config';
import { reactWithLingui } from './apps/web/scripts/react-lingui.mjs';

// One runner, three projects: the pure domain, the web components (jsdom) and the API against a real PostgreSQL.
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
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Above the 5 s that a query waits for a lazy route, so a missing element fails with its own message.
          testTimeout: 15_000,
        },
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
