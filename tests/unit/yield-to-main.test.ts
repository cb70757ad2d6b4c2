// Start-up steps run in tasks of their own: yieldToMain resolves only after the work already queued.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../src/lib/yield-to-main.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yieldToMain', () => {
  it('without scheduler.yield, resolves in a later task, after a task queued before it', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    order.push('same task');
    await yielded;
    expect(order).toEqual(['same task', 'queued task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
