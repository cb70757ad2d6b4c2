// Component tests: jest-dom matchers, MSW with unhandled requests as errors, a clean DOM and storage per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '../support/harness.tsx';
import { UNHANDLED_IS_ERROR } from '../support/msw-server.ts';

// findBy and waitFor give up after this long: a ceiling for a screen that never comes, not a speed limit. The
// library's one second is too short for a lazy screen's first render on a shared, loaded machine.
configure({ asyncUtilTimeout: 8_000 });

// jsdom lacks what Mantine reads on mount.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList,
});
// jsdom has no font loading API, which Mantine's autosizing text areas listen to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom's window has none at run time
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

beforeAll(() => {
  server.listen(UNHANDLED_IS_ERROR);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
});
