import { defineConfig } from '@hey-api/openapi-ts';

// GENERATED_DIR lets the staleness check generate elsewhere and compare.
const output = process.env['GENERATED_DIR'] ?? 'generated';

export default defineConfig({
  input: './openapi/openapi.yaml',
  output: {
    path: output,
    importFileExtension: '.ts',
    postProcess: ['prettier'],
    clean: true,
  },
  plugins: [
    '@hey-api/typescript',
    '@hey-api/client-fetch',
    { name: '@hey-api/sdk', validator: true },
    { name: 'zod', metadata: false },
    '@tanstack/react-query',
    'fastify',
    'msw',
  ],
});
