// On `/` the app's stylesheet waits, linked for print; starting the app there applies it first.
import { afterEach, describe, expect, it } from 'vitest';
import { applyAppStyles } from '../../src/lib/app-styles.ts';

function appStylesLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.dataset['appStyles'] = '';
  document.head.append(link);
  return link;
}

afterEach(() => {
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

  it('leaves the page alone where there is no such sheet (index.html links it for every medium)', async () => {
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.media = 'print';
    document.head.append(other);
    await applyAppStyles();
    expect(other.media).toBe('print');
  });
});
