// A silent forced refresh TOKEN_REFRESH_BUFFER_SECONDS before the token's exp, rescheduled from
// each new token; started after login, stopped on logout.
import { TOKEN_REFRESH_BUFFER_SECONDS } from '../../config/constants.ts';
import { logAuthError } from './auth-log.ts';
import { tokenExpiry } from './token-claims.ts';

/** Time and timers, injected: a test gives fake ones. */
export interface AuthClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: AuthClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export interface TokenMonitor {
  start(token: string): void;
  stop(): void;
  readonly running: boolean;
}

/** `refresh` returns the new token (a silent, forced renewal). */
export function createTokenMonitor(
  refresh: () => Promise<string>,
  clock: AuthClock = systemClock,
): TokenMonitor {
  let timer: unknown;
  let generation = 0;

  function clear(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  }

  function schedule(token: string, forGeneration: number): void {
    let exp: number;
    try {
      exp = tokenExpiry(token);
    } catch (error) {
      logAuthError(error);
      return;
    }
    const delay = Math.max(0, exp * 1000 - TOKEN_REFRESH_BUFFER_SECONDS * 1000 - clock.now());
    timer = clock.setTimeout(() => {
      timer = undefined;
      refresh().then(
        (next) => {
          // A stop (or a restart) while the refresh was running wins over this result.
          if (forGeneration === generation) schedule(next, forGeneration);
        },
        (error: unknown) => {
          logAuthError(error);
        },
      );
    }, delay);
  }

  return {
    start(token) {
      clear();
      generation += 1;
      schedule(token, generation);
    },
    stop() {
      clear();
      generation += 1;
    },
    get running() {
      return timer !== undefined;
    },
  };
}
