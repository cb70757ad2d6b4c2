import { describe, expect, it } from 'vitest';
import { MODULE_LOAD_INITIAL_DELAY_MS, MODULE_LOAD_MAX_RETRIES } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import { classifyModuleLoadFailure, moduleLoadFailureCopy } from '../../src/app/module-load/classify.ts';
import {
  clearBrowserCaches,
  decideRetry,
  forgetAttempts,
  readAttempts,
  type RecoveryEnvironment,
  retryDelayMs,
  retryManually,
  retryModuleLoad,
} from '../../src/app/module-load/retry-policy.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

function recordingEnvironment(storage = new MemoryStorage()) {
  const calls: string[] = [];
  const environment: RecoveryEnvironment = {
    storage,
    clearBrowserCaches: () => {
      calls.push('clear');
      return Promise.resolve();
    },
    sleep: (ms) => {
      calls.push(`sleep ${ms}`);
      return Promise.resolve();
    },
    reload: () => {
      calls.push('reload');
    },
  };
  return { environment, calls, storage };
}

describe('module-load retry policy', () => {
  it('waits 250 ms before the first retry and doubles the delay each time', () => {
    expect(MODULE_LOAD_INITIAL_DELAY_MS).toBe(250);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([250, 500, 1000]);
  });

  it('allows three automatic retries, then hands over to the manual screen', () => {
    expect(MODULE_LOAD_MAX_RETRIES).toBe(3);
    expect(decideRetry(0)).toEqual({ kind: 'retry', attempt: 1, delayMs: 250 });
    expect(decideRetry(1)).toEqual({ kind: 'retry', attempt: 2, delayMs: 500 });
    expect(decideRetry(2)).toEqual({ kind: 'retry', attempt: 3, delayMs: 1000 });
    expect(decideRetry(3)).toEqual({ kind: 'manual' });
    expect(decideRetry(7)).toEqual({ kind: 'manual' });
  });

  it('counts each attempt in storage, cleans caches, waits, then reloads, in that order', async () => {
    const { environment, calls, storage } = recordingEnvironment();

    await expect(retryModuleLoad(environment, 'settings')).resolves.toEqual({
      kind: 'retry',
      attempt: 1,
      delayMs: 250,
    });
    expect(readAttempts(storage, 'settings')).toBe(1);
    expect(calls).toEqual(['clear', 'sleep 250', 'reload']);

    await retryModuleLoad(environment, 'settings');
    await retryModuleLoad(environment, 'settings');
    expect(readAttempts(storage, 'settings')).toBe(3);
    expect(calls).toEqual([
      'clear',
      'sleep 250',
      'reload',
      'clear',
      'sleep 500',
      'reload',
      'clear',
      'sleep 1000',
      'reload',
    ]);
  });

  it('stops reloading after the third attempt', async () => {
    const { environment, calls, storage } = recordingEnvironment();
    storage.setItem('case-router:module-load-attempts:settings', '3');

    await expect(retryModuleLoad(environment, 'settings')).resolves.toEqual({ kind: 'manual' });
    expect(calls).toEqual([]);
    expect(readAttempts(storage, 'settings')).toBe(3);
  });

  it('keeps counts per module and forgets a module once it loads', async () => {
    const { environment, storage } = recordingEnvironment();
    await retryModuleLoad(environment, 'settings');
    await retryModuleLoad(environment, 'settings');
    await retryModuleLoad(environment, 'doctor-case');

    expect(readAttempts(storage, 'settings')).toBe(2);
    expect(readAttempts(storage, 'doctor-case')).toBe(1);

    forgetAttempts(storage, 'settings');
    expect(readAttempts(storage, 'settings')).toBe(0);
    expect(readAttempts(storage, 'doctor-case')).toBe(1);
  });

  it('treats a missing or garbled stored count as no attempts', () => {
    const storage = new MemoryStorage();
    expect(readAttempts(storage, 'settings')).toBe(0);
    storage.setItem('case-router:module-load-attempts:settings', 'banana');
    expect(readAttempts(storage, 'settings')).toBe(0);
    storage.setItem('case-router:module-load-attempts:settings', '-2');
    expect(readAttempts(storage, 'settings')).toBe(0);
  });

  it('the manual retry cleans up and reloads without resetting the spent count', async () => {
    const { environment, calls, storage } = recordingEnvironment();
    storage.setItem('case-router:module-load-attempts:settings', '3');

    await retryManually(environment);

    expect(calls).toEqual(['clear', 'reload']);
    expect(readAttempts(storage, 'settings')).toBe(3);
  });
});

describe('clearing service workers and Cache Storage', () => {
  it('unregisters every service worker and deletes every cache', async () => {
    const unregistered: string[] = [];
    const deleted: string[] = [];
    const registration = (scope: string) => ({
      unregister: () => {
        unregistered.push(scope);
        return Promise.resolve(true);
      },
    });

    await clearBrowserCaches(
      { getRegistrations: () => Promise.resolve([registration('/a'), registration('/b')]) },
      {
        keys: () => Promise.resolve(['workbox-precache', 'images']),
        delete: (name) => {
          deleted.push(name);
          return Promise.resolve(true);
        },
      },
    );

    expect(unregistered).toEqual(['/a', '/b']);
    expect(deleted).toEqual(['workbox-precache', 'images']);
  });

  it('carries on when either API is missing or fails', async () => {
    const deleted: string[] = [];
    await expect(clearBrowserCaches(undefined, undefined)).resolves.toBeUndefined();
    await expect(
      clearBrowserCaches(
        { getRegistrations: () => Promise.reject(new Error('SecurityError')) },
        {
          keys: () => Promise.resolve(['stale']),
          delete: (name) => {
            deleted.push(name);
            return Promise.resolve(true);
          },
        },
      ),
    ).resolves.toBeUndefined();
    expect(deleted).toEqual(['stale']);
  });
});

describe('module-load failure titles', () => {
  const cases: [string, unknown, string][] = [
    [
      'Chromium failed dynamic import',
      new TypeError('Failed to fetch dynamically imported module: https://x/assets/settings-abc.js'),
      texts.loadingModules,
    ],
    [
      'Firefox failed dynamic import',
      new TypeError('error loading dynamically imported module: https://x/assets/a.js'),
      texts.loadingModules,
    ],
    [
      'Safari failed dynamic import',
      new TypeError('Importing a module script failed.'),
      texts.loadingModules,
    ],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/a.css'), texts.loadingModules],
    [
      'named chunk error',
      Object.assign(new Error('boom'), { name: 'ChunkLoadError' }),
      texts.loadingComponents,
    ],
    ['chunk message', new Error('Loading chunk 42 failed.'), texts.loadingComponents],
    ['CSS chunk message', new Error('Loading CSS chunk settings failed'), texts.loadingComponents],
    ['plain fetch failure', new TypeError('Failed to fetch'), texts.networkIssue],
    [
      'Firefox network error',
      new TypeError('NetworkError when attempting to fetch resource.'),
      texts.networkIssue,
    ],
    ['Safari network error', new TypeError('Load failed'), texts.networkIssue],
    ['timeout by name', Object.assign(new Error('signal'), { name: 'TimeoutError' }), texts.loadingTimeout],
    ['timeout by message', new Error('Request timed out'), texts.loadingTimeout],
    ['anything else', new Error('x is not a function'), texts.loadingError],
    ['a thrown string', 'nope', texts.loadingError],
    ['nothing at all', undefined, texts.loadingError],
  ];

  it.each(cases)('%s → its title', (_label, error, title) => {
    expect(moduleLoadFailureCopy(classifyModuleLoadFailure(error, true)).title).toBe(title);
  });

  it('calls every failure a network issue while the browser is offline, with its message', () => {
    const copy = moduleLoadFailureCopy(
      classifyModuleLoadFailure(new TypeError('Failed to fetch dynamically imported module: /a.js'), false),
    );
    expect(copy).toEqual({ title: texts.networkIssue, message: texts.networkIssueMessage });
  });

  it('gives a message only for the network issue', () => {
    expect(moduleLoadFailureCopy('modules').message).toBeUndefined();
    expect(moduleLoadFailureCopy('network').message).toBe('Unable to connect to the server.');
  });
});
