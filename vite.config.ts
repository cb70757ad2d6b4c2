import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { lazySchemas } from './scripts/lazy-schemas-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';

const srcDir = resolve(import.meta.dirname, 'src');

/**
 * The mock mode (`vite --mode mock`, `npm run mock`): index.html starts src/mock/main.tsx instead of
 * src/main.tsx, and MSW's service worker is served beside it. Any other mode leaves both alone, so a
 * production build never sees the mock entry nor the worker.
 */
function mockMode(): Plugin {
  const worker = () =>
    readFileSync(resolve(import.meta.dirname, 'node_modules/msw/lib/mockServiceWorker.js'));
  return {
    name: 'case-router-mock-mode',
    apply: (_config, env) => env.mode === 'mock',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/main.tsx', '/src/mock/main.tsx'),
    },
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(worker());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: worker() });
    },
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*)>/g;

/**
 * The app's one stylesheet (see cssCodeSplit) on the pages that are not the app: MSAL's redirect page draws
 * nothing and gets none; `/` redirects a visitor nobody signed in at once, so there the sheet must neither
 * hold the first paint nor the scripts (media="print" does neither). Its start-up applies it
 * (src/lib/app-styles.ts) before it starts the app.
 */
function stylesheetPlacement(): Plugin {
  return {
    name: 'case-router-stylesheet-placement',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (context.filename.endsWith('redirect.html')) return html.replace(STYLESHEET_LINK, '');
        if (context.filename.endsWith('root.html'))
          return html.replace(STYLESHEET_LINK, '<link rel="stylesheet"$1 media="print" data-app-styles>');
        return html;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), mockMode(), stylesheetPlacement(), lazySchemas(), routePreloads()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The browsers we serve load modules that way natively; without it, a browser that cannot only loses
    // the head start on a screen's imports, never the screen.
    modulePreload: { polyfill: false },
    // One stylesheet, linked by index.html: a screen's chunk then inserts no stylesheet links of its own, and
    // the browser styles the page once, before the first paint, instead of again as each sheet arrives.
    cssCodeSplit: false,
    rolldownOptions: {
      // redirect.html is MSAL's redirect bridge page: it must be emitted beside index.html.
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        // The address `/`: signs in with MSAL alone and loads the app only when someone is signed in.
        root: resolve(import.meta.dirname, 'root.html'),
        redirect: resolve(import.meta.dirname, 'redirect.html'),
      },
      treeshake: {
        // Our modules only define things, so a screen that imports a feature's index.ts takes only what it
        // uses, not the whole feature. The Mantine style lists import stylesheets, and an index.ts brings its
        // feature's list: the build would skip a bare re-export module, its own imports with it.
        moduleSideEffects: (id) =>
          id.startsWith(srcDir) && /\.tsx?$/.test(id) && !/\/(mantine-styles|index)\.ts$/.test(id)
            ? false
            : undefined,
      },
      output: {
        codeSplitting: {
          groups: [
            // Groups by what they load. MSAL's redirect bridge and what it shares with the app: both pages load
            // this chunk, and the redirect page nothing of the app's own (the app's start-up would run there).
            { name: 'msal-bridge', test: /[\\/]msal-browser[\\/]dist[\\/]redirect_bridge[\\/]/, priority: 6 },
            // MSAL itself: `/` loads it with its page, the app at start-up.
            {
              name: 'msal',
              test: /[\\/]node_modules[\\/]@azure[\\/]msal-(browser|common)[\\/]/,
              priority: 5,
            },
            // The libraries the app's first screen runs on (React DOM, the router, the toasts, queries and
            // MSAL's React layer), in one chunk: `/` loads none of them (React's small core it shares).
            {
              name: 'app-libraries',
              test: /[\\/]node_modules[\\/](react-dom|scheduler|react-router|sonner|@tanstack[\\/](react-query|query-core)|@azure[\\/]msal-react)[\\/]/,
              includeDependenciesRecursively: false,
              priority: 4,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          // A ceiling for a stuck test, not a speed limit: a whole user flow in jsdom can take several
          // seconds on a shared, loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/support/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Real server processes (killed, stopped, restarted, two at once) on ports 9400-9499: one file at a
          // time, each bounded in requests and in time.
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
