// React with Lingui's macros (<Trans>, t`…`, msg`…` become message ids at build time) and the .po catalogues
// compiled on import. Shared by the app's build, the tests and the prerender build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

const configPath = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));

/** `include`: only these files (the API's tests import a few web modules and need only their macros). */
export function reactWithLingui({ include } = {}) {
  const linguiConfig = getConfig({ configPath, cwd: path.dirname(configPath) });
  return [
    react({ include, babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    lingui({ configPath, cwd: path.dirname(configPath) }),
  ];
}
