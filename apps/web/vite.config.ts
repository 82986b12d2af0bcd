import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pageMarkdown } from './scripts/page-markdown.mjs';
import { reactWithLingui } from './scripts/react-lingui.mjs';

// The API server (apps/api) listens on port 3000 and serves both the JSON API and uploaded media.
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  // Text assets get brotli (.br) and gzip (.gz) copies at build time, sent by the server with Content-Encoding.
  // The information and policy pages are Markdown (src/content/policies), compiled into modules at build time.
  plugins: [
    pageMarkdown(),
    ...reactWithLingui(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|css|svg|json|webmanifest|txt)$/, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (read by `npm run bench:web` to report script sizes).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/media': { target: apiOrigin, changeOrigin: true },
    },
  },
});
