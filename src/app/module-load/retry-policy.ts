// The module-load retry: reload up to MODULE_LOAD_MAX_RETRIES times, the delay starting at
// MODULE_LOAD_INITIAL_DELAY_MS and doubling, after clearing service workers and Cache Storage so a reload
// cannot be answered by a stale cached copy. The attempt count lives in sessionStorage because every retry
// is a full page reload.
import { MODULE_LOAD_INITIAL_DELAY_MS, MODULE_LOAD_MAX_RETRIES } from '../../config/constants.ts';

export type RetryDecision =
  | { readonly kind: 'retry'; readonly attempt: number; readonly delayMs: number }
  | { readonly kind: 'manual' };

export type AttemptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface RecoveryEnvironment {
  readonly storage: AttemptStorage;
  readonly clearBrowserCaches: () => Promise<void>;
  readonly sleep: (ms: number) => Promise<void>;
  readonly reload: () => void;
}

/** The delay before the given retry (1-based): 250, 500, 1000 ms. */
export function retryDelayMs(attempt: number): number {
  return MODULE_LOAD_INITIAL_DELAY_MS * 2 ** (attempt - 1);
}

export function decideRetry(attemptsSoFar: number): RetryDecision {
  if (attemptsSoFar >= MODULE_LOAD_MAX_RETRIES) return { kind: 'manual' };
  const attempt = attemptsSoFar + 1;
  return { kind: 'retry', attempt, delayMs: retryDelayMs(attempt) };
}

function attemptsKey(moduleId: string): string {
  return `case-router:module-load-attempts:${moduleId}`;
}

export function readAttempts(storage: AttemptStorage, moduleId: string): number {
  const stored = Number.parseInt(storage.getItem(attemptsKey(moduleId)) ?? '', 10);
  return Number.isInteger(stored) && stored > 0 ? stored : 0;
}

/** Called when the module finally loads, so a later failure starts again from the first retry. */
export function forgetAttempts(storage: AttemptStorage, moduleId: string): void {
  storage.removeItem(attemptsKey(moduleId));
}

/** Decides, and when a retry is due counts it, cleans up, waits and reloads. */
export async function retryModuleLoad(env: RecoveryEnvironment, moduleId: string): Promise<RetryDecision> {
  const decision = decideRetry(readAttempts(env.storage, moduleId));
  if (decision.kind === 'manual') return decision;
  env.storage.setItem(attemptsKey(moduleId), String(decision.attempt));
  await env.clearBrowserCaches();
  await env.sleep(decision.delayMs);
  env.reload();
  return decision;
}

/** The manual "Try Again": one more cleaned-up reload; the count stays spent until the module loads. */
export async function retryManually(env: RecoveryEnvironment): Promise<void> {
  await env.clearBrowserCaches();
  env.reload();
}

interface ServiceWorkers {
  getRegistrations(): Promise<readonly { unregister(): Promise<boolean> }[]>;
}

interface CacheStore {
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

/** Either may be missing (insecure origin, old browser); a failure to clean must not block the reload. */
export async function clearBrowserCaches(
  serviceWorkers: ServiceWorkers | undefined,
  cacheStore: CacheStore | undefined,
): Promise<void> {
  const unregister = async (): Promise<void> => {
    if (!serviceWorkers) return;
    const registrations = await serviceWorkers.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  };
  const clear = async (): Promise<void> => {
    if (!cacheStore) return;
    const names = await cacheStore.keys();
    await Promise.all(names.map((name) => cacheStore.delete(name)));
  };
  await Promise.allSettled([unregister(), clear()]);
}

export function browserRecoveryEnvironment(): RecoveryEnvironment {
  return {
    storage: window.sessionStorage,
    clearBrowserCaches: () =>
      clearBrowserCaches(
        'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
        'caches' in window ? window.caches : undefined,
      ),
    sleep: (ms) =>
      new Promise((resolve) => {
        window.setTimeout(resolve, ms);
      }),
    reload: () => {
      const reload = () => {
        window.location.reload();
      };
      // Reloading offline would swap the app for the browser's offline page: wait for the network instead.
      if (navigator.onLine) {
        reload();
      } else {
        window.addEventListener('online', reload, { once: true });
      }
    },
  };
}
