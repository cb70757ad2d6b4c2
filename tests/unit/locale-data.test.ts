// The worker that loads the locale data off the main thread is ended once it is done or has failed, and a
// browser without workers, or one that refuses it, starts the app all the same.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocaleDataInWorker } from '../../src/lib/locale-data.ts';

class FakeWorker extends EventTarget {
  terminated = 0;
  terminate() {
    this.terminated += 1;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loading the locale data in a worker', () => {
  it('ends the worker once it says the data is in', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    loadLocaleDataInWorker(() => worker as unknown as Worker);
    expect(worker.terminated).toBe(0);
    worker.dispatchEvent(new MessageEvent('message', { data: 'loaded' }));
    expect(worker.terminated).toBe(1);
  });

  it('ends the worker when it fails', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    loadLocaleDataInWorker(() => worker as unknown as Worker);
    worker.dispatchEvent(new Event('error'));
    expect(worker.terminated).toBe(1);
  });

  it('goes on when the browser refuses the worker', () => {
    vi.stubGlobal('Worker', FakeWorker);
    expect(() => {
      loadLocaleDataInWorker(() => {
        throw new DOMException('refused by the page policy', 'SecurityError');
      });
    }).not.toThrow();
  });

  it('starts nothing where there are no workers', () => {
    vi.stubGlobal('Worker', undefined);
    const create = vi.fn(() => new FakeWorker() as unknown as Worker);
    loadLocaleDataInWorker(create);
    expect(create).not.toHaveBeenCalled();
  });
});
