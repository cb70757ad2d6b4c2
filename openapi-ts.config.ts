import { defineConfig } from '@hey-api/openapi-ts';

// Run through `npm run generate` (scripts/generate.ts): it bundles openapi/ into one document first and names
// it in OPENAPI_BUNDLE; GENERATED_DIR lets the staleness check generate elsewhere and compare.
const input = process.env['OPENAPI_BUNDLE'] ?? 'generated/openapi.json';
const output = process.env['GENERATED_DIR'] ?? 'generated';

export default defineConfig({
  input,
  output: {
    path: output,
    importFileExtension: '.ts',
    postProcess: ['prettier'],
    clean: true,
  },
  plugins: [
    '@hey-api/typescript',
    '@hey-api/client-fetch',
    { name: '@hey-api/sdk', validator: { request: false, response: true } },
    { name: 'zod', compatibilityVersion: 'mini', metadata: false },
    '@tanstack/react-query',
    'fastify',
    'msw',
  ],
});
