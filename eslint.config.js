// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// No feature imports another feature: one zone per feature folder.
const featuresDir = 'src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'A feature never imports another feature: compose them in a screen under src/app/routes.',
}));
// The app (screens, shell) uses a feature through its index.ts only; a feature never reaches up into the app,
// nor what lies below the features (lib, components, config) into either.
const spaLayerZones = [
  {
    target: './src/app',
    from: `./${featuresDir}`,
    except: features.map((feature) => `./${feature}/index.ts`),
    message: "Import the feature's index.ts: its other files are its own.",
  },
  {
    target: `./${featuresDir}`,
    from: './src/app',
    message: 'A feature never imports the app: the screens compose the features.',
  },
  {
    target: ['./src/lib', './src/components', './src/config'],
    from: [`./${featuresDir}`, './src/app'],
    message: 'Shared code serves the features and the app; it never imports them.',
  },
  {
    target: [
      './src/app',
      `./${featuresDir}`,
      './src/lib',
      './src/components',
      './src/config',
      './src/*.ts',
      './src/*.tsx',
    ],
    from: './src/mock',
    message: "Only the mock mode's entry uses src/mock/: a production build has none of it.",
  },
];

// The server's layers: handlers -> areas -> domain and repositories -> db. An area is a folder of operations
// (and, for most, its repository); http/ is the framework's plumbing under the handlers.
const server = (path) => `./server/src/${path}`;
const serverGlob = (path) => join(import.meta.dirname, 'server/src', path);
const AREAS = [
  'auth',
  'cases',
  'users',
  'organisation',
  'schedules',
  'notifications',
  'insights',
  'audit',
  'health',
  'identity',
  'push',
  'mail',
];
const serverZones = [
  {
    target: server('handlers'),
    from: [server('db'), server('workers')],
    message:
      'A handler parses the request, calls an area and shapes the answer: the database is the areas’ own.',
  },
  {
    target: server('handlers'),
    from: server('**/*-repository.ts'),
    message: 'A handler calls an area’s operations, never a repository.',
  },
  {
    target: server('**/*-repository.ts'),
    from: server('**/*.ts'),
    except: [serverGlob('**/*-repository.ts'), serverGlob('db/**'), serverGlob('keyset-cursor.*')],
    message:
      'A repository holds its tables’ SQL: it imports db/, other repositories and types, nothing above.',
  },
  {
    target: AREAS.map(server),
    from: [server('handlers'), server('http'), server('workers'), server('demo')],
    message: 'An area serves the handlers and the workers: it never imports them, nor the HTTP plumbing.',
  },
  {
    target: server('http'),
    from: [...AREAS.filter((area) => area !== 'auth'), 'handlers', 'workers', 'demo', 'events'].map(server),
    message: 'http/ is plumbing under the handlers: it knows the caller (auth/), not the areas.',
  },
  {
    target: server('domain'),
    from: server(''),
    except: ['./domain'],
    message: 'domain/ holds the pure rules: it imports nothing with I/O.',
  },
  {
    target: server('db'),
    from: server(''),
    except: ['./db'],
    message: 'db/ is the bottom layer: it imports nothing of the server.',
  },
  {
    target: [server('!(main).ts'), server('!(demo)/**')],
    from: server('demo'),
    message: 'Only main.ts seeds the demo data.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-mock/',
      'generated/',
      '.data/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
      // A few lines of browser script served as they are (the API reference's start-up); the e2e test runs it.
      'server/src/http/api-reference/reference.js',
      // The service worker, served as it is from public/; the e2e test runs it in Chromium.
      'public/sw.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].map((object) => ({
          object,
          property: 'only',
          message: 'No focused tests.',
        })),
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...spaLayerZones,
            {
              target: './src',
              from: './server',
              message: 'The SPA and the server meet only at the contract (generated/).',
            },
            {
              target: './server',
              from: './src',
              message: 'The SPA and the server meet only at the contract (generated/).',
            },
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    // The pure rules: no package and no builtin (no database, no clock of their own, no files), only
    // relative imports (of each other and of the generated contract types).
    files: ['server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/)',
              message: 'domain/ holds the pure rules: it imports nothing with I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA validates with Zod Mini (zod/mini), as the generated schemas do: classic Zod would add its whole
    // method-chaining API to what every screen downloads.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: "The SPA uses Zod Mini: import * as z from 'zod/mini'.",
          })),
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
