// On `/` the app's stylesheet waits, linked for print; starting the app there applies it first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_STYLES_WAIT_MS, applyAppStyles } from '../../src/lib/app-styles.ts';

function appStylesLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.dataset['appStyles'] = '';
  document.head.append(link);
  return link;
}

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

describe('applyAppStyles', () => {
  it('applies the sheet to the screen and resolves once it has loaded', async () => {
    const link = appStylesLink();
    let applied = false;
    const done = applyAppStyles().then(() => {
      applied = true;
    });

    await Promise.resolve();
    expect(link.media).toBe('all');
    expect(applied).toBe(false);
    link.dispatchEvent(new Event('load'));
    await done;
    expect(applied).toBe(true);
  });

  it('does not hold the app when the sheet fails to load', async () => {
    const link = appStylesLink();
    const done = applyAppStyles();
    link.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
    expect(link.media).toBe('all');
  });

  it('starts the app after a while when the sheet failed before it was asked for (no event comes then)', async () => {
    vi.useFakeTimers();
    const link = appStylesLink();
    let applied = false;
    const done = applyAppStyles().then(() => {
      applied = true;
    });

    await vi.advanceTimersByTimeAsync(APP_STYLES_WAIT_MS - 1);
    expect(applied).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(applied).toBe(true);
    expect(link.media).toBe('all');
  });

  it('leaves the page alone where there is no such sheet (index.html links it for every medium)', async () => {
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.media = 'print';
    document.head.append(other);
    await applyAppStyles();
    expect(other.media).toBe('print');
  });
});
