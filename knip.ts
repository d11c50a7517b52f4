import type { KnipConfig } from 'knip';

/** knip (inside `npm test`): no unused file, export or dependency, and no dependency used but unlisted. */
const config: KnipConfig = {
  // main.ts, main.tsx and seedCli.ts are found through package.json and index.html.
  // scripts/vite/jsonSchemaEditorLite/ holds the modules its Vite plugin puts in place of codemirror-json-schema's, named by path.
  entry: ['scripts/*.{ts,mjs}', 'tests/bench/*.bench.ts', 'scripts/vite/jsonSchemaEditorLite/*.ts'],
  project: ['src/**/*.{ts,tsx,css}', 'schemas/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
  // The console's stylesheet imports Tailwind (`@import 'tailwindcss'`): read as an import.
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n') },
  // A constant or type exported for its readers and used in its own file is no dead code.
  ignoreExportsUsedInFile: true,
  // Debian's poppler-utils, installed by .ci/run: tests read exported PDFs with them.
  ignoreBinaries: ['pdftotext', 'pdfinfo', 'pdftoppm'],
  // Peers of codemirror-json-schema (Screen Studio's JSON editor), which imports them itself.
  ignoreDependencies: ['@codemirror/autocomplete', '@codemirror/lang-json'],
};

export default config;
