import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import { jsonSchemaEditorLite } from './scripts/vite/jsonSchemaEditorLite';
import { screenManifest } from './scripts/vite/screenManifest';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Differs on every build, so that a redeploy of the same version still prompts open tabs to update. */
const build = Date.now().toString(36);

/** Writes /signature.json beside the console: what the new-version prompt polls (spec 000 section 4.2). */
function consoleSignature(): Plugin {
  return {
    name: 'console-signature',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'signature.json', source: JSON.stringify({ version, build }) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    consoleSignature(),
    screenManifest(),
    jsonSchemaEditorLite(),
    // `npm run build:report`: what each chunk holds, with gzip sizes (dist/bundle-report.html, a treemap).
    process.env.BUNDLE_REPORT === '1' && visualizer({ filename: 'dist/bundle-report.html', template: 'treemap', gzipSize: true }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore; wouter's shim for older React is not shipped (src/console/vendor).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/console/vendor/useSyncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  define: {
    'import.meta.env.VITE_CONSOLE_VERSION': JSON.stringify(version),
    'import.meta.env.VITE_CONSOLE_BUILD': JSON.stringify(build),
  },
  // No modulepreload polyfill (0.5 KB on every route): the browsers of spec 000 section 9 preload modules
  // or, Safari 16.4, simply load each chunk when it is imported.
  build: { outDir: 'dist/console', emptyOutDir: true, modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
