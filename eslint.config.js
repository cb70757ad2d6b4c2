// @ts-check
import { readdirSync, existsSync } from 'node:fs';
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
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'generated/',
      '.data/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
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
          ],
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
