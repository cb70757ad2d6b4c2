// MSW for tests: any request without a handler fails the test.
import type { AnyHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

export function createTestServer(...handlers: AnyHandler[]): SetupServer {
  return setupServer(...handlers);
}

/** MSW 3 renamed `onUnhandledRequest` to `onUnhandledFrame`; the old name is silently ignored (warn only). */
export const UNHANDLED_IS_ERROR = { onUnhandledFrame: 'error' } as const;

/** A Storage kept in memory, for Node tests of code that reads localStorage. */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
}
