import { defineConfig } from 'vitest/config';
import { screenManifest } from './scripts/vite/screenManifest';

/**
 * Three projects, so that each pays only for what it needs:
 * - server: the API through app.inject() on a copy of one seeded database per run
 *   (tests/server/helpers/seededTemplate.ts), PGlite or PostgreSQL (DATABASE_URL);
 * - console: components and screens in jsdom with msw (the environment is named in each file);
 * - unit: the pure domain rules, the screen definitions against the server, the build budget.
 */
export default defineConfig({
  // The console's screen manifest (virtual:screen-manifest), as vite.config.ts has it.
  plugins: [screenManifest()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two at a time fits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/screens/screenContract.test.ts'],
          globalSetup: ['tests/server/helpers/seededTemplate.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['tests/console/**/*.test.{ts,tsx}', 'tests/screens/**/*.test.tsx'],
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'react',
                  'react-dom',
                  'react/jsx-runtime',
                  'react-dom/client',
                  '@rjsf/core',
                  '@rjsf/utils',
                  '@rjsf/validator-ajv8',
                  'ajv',
                  '@headlessui/react',
                  '@tanstack/react-query',
                  '@tanstack/react-table',
                  'jotai',
                  'wouter',
                  'chart.js',
                  'react-chartjs-2',
                  'date-fns',
                ],
              },
            },
          },
        },
      },
      { extends: true, test: { name: 'unit', include: ['tests/domain/**/*.test.ts', 'tests/build/**/*.test.ts'] } },
    ],
  },
});
