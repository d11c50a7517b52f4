// ESLint (flat config): the conventions of docs/CONVENTIONS.md that a tool can check.
// Type-checked rules of typescript-eslint, TanStack Query's rules, and import boundaries that
// encode the architecture (README "How it fits together"). Runs inside `npm test` (`npm run lint`).
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers and what they may not import. Each zone: files under `target` may not import `from`. */
const boundaries = [
  {
    target: './src/domain',
    from: ['./src/server', './src/console'],
    message: 'src/domain is pure rules shared by both sides: it imports nothing from the server or the console.',
  },
  {
    target: './src/console',
    from: './src/server',
    message: 'The console talks to the server only over HTTP: it never imports server files.',
  },
  {
    target: './src/server',
    from: './src/console',
    // The exception: the renderer's headless checks of a definition, which Screen Studio's server runs
    // before it publishes one, so that both sides refuse the same definitions (issue 21).
    except: ['./renderer/validation/checkDefinition.ts', './renderer/validation/checkRegistries.ts', './renderer/validation/contractChecks.ts'],
    message: 'The server never imports console files, but for the headless checks of a screen definition.',
  },
  {
    target: './src/console/renderer',
    from: './src/console/features',
    message: 'The generic renderer knows no feature: features are composed at src/console/features and handed to it.',
  },
  {
    target: './src/console/renderer/core',
    from: [
      './src/console/renderer/skin',
      './src/console/renderer/registries',
      './src/console/renderer/kinds',
      './src/console/renderer/parts',
      './src/console/renderer/rjsf',
      './src/console/ui',
    ],
    message: "The renderer's headless core imports no React component, no skin and no registry.",
  },
  {
    target: ['./src/server/services', './src/server/resources', './src/server/auth', './src/server/db', './src/server/plugins'],
    from: './src/server/routes',
    message: 'Routes sit on top: services, the resource engine, auth, plugins and the database never import a route folder.',
  },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', 'scratch/', 'src/server/db/schema.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Off: a Fastify plugin is an async function whether or not it awaits (a plain function would
      // have to call `done`), and an async handler that awaits nothing still answers through its promise.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'off',
    },
  },
  {
    // The headless core of the renderer is framework-free (CONVENTIONS.md rule 1), and so are the
    // checks of a definition, which the server runs too (Screen Studio).
    files: [
      'src/console/renderer/core/**',
      'src/console/renderer/validation/{checkDefinition,checkRegistries,contractChecks,checkScreen,checkBodies,checkParts,ScreenChecker,ajv}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react/*', '@headlessui/*', '@rjsf/core'], message: 'The headless core imports no React and no skin.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  prettier,
);
