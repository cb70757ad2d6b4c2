import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { createTokenMonitor } from '../../src/lib/auth/token-monitor.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

function tokenExpiringIn(secondsFromNow: number): string {
  return fakeJwt({ exp: seconds(Date.now()) + secondsFromNow });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('token monitor', () => {
  it('refreshes 300 s before exp, not earlier', async () => {
    const refresh = vi.fn(() => Promise.resolve(tokenExpiringIn(3600)));
    const monitor = createTokenMonitor(refresh);

    monitor.start(tokenExpiringIn(1000));

    await vi.advanceTimersByTimeAsync(699_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when that moment has passed', async () => {
    const refresh = vi.fn(() => Promise.resolve(tokenExpiringIn(3600)));
    const monitor = createTokenMonitor(refresh);

    monitor.start(tokenExpiringIn(120));
    await vi.advanceTimersByTimeAsync(0);

    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reschedules from the new token', async () => {
    const refresh = vi.fn(() => Promise.resolve(tokenExpiringIn(900)));
    const monitor = createTokenMonitor(refresh);

    monitor.start(tokenExpiringIn(300));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(monitor.running).toBe(true);

    await vi.advanceTimersByTimeAsync(599_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops: no refresh after stop, even for one already running', async () => {
    let resolveRefresh: (token: string) => void = () => undefined;
    const refresh = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          resolveRefresh = resolve;
        }),
    );
    const monitor = createTokenMonitor(refresh);

    monitor.start(tokenExpiringIn(300));
    await vi.advanceTimersByTimeAsync(0);
    monitor.stop();
    resolveRefresh(tokenExpiringIn(301));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(monitor.running).toBe(false);

    monitor.start(tokenExpiringIn(1000));
    monitor.stop();
    await vi.advanceTimersByTimeAsync(2_000_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('logs a failed refresh with the auth prefix and does not reschedule', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refresh = vi.fn(() => Promise.reject(new Error('network down')));
    const monitor = createTokenMonitor(refresh);

    monitor.start(tokenExpiringIn(0));
    await vi.advanceTimersByTimeAsync(0);

    expect(error).toHaveBeenCalledWith(
      texts.consoleAuthError,
      expect.objectContaining({ message: 'network down' }),
    );
    expect(monitor.running).toBe(false);
  });

  it('does not schedule for a token it cannot read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const monitor = createTokenMonitor(() => Promise.resolve('x'));

    monitor.start('opaque');

    expect(monitor.running).toBe(false);
    expect(error).toHaveBeenCalledWith(texts.consoleAuthError, expect.any(Error));
  });
});
