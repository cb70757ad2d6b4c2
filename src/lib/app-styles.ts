// On `/` the app's stylesheet is linked for print only (see vite.config.ts), so that it holds neither the
// first paint nor the redirect to the identity provider. When the app starts there, it applies it first.
const APP_STYLES = 'link[rel="stylesheet"][data-app-styles]';

/** How long the app waits for the sheet at most: a sheet that failed before this was called says nothing. */
export const APP_STYLES_WAIT_MS = 3_000;

/**
 * Applies the app's stylesheet on this page; resolves once it is in, when it fails, or after
 * APP_STYLES_WAIT_MS at most: the app starts anyway.
 */
export function applyAppStyles(page: Document = document): Promise<void> {
  const links = [...page.querySelectorAll<HTMLLinkElement>(APP_STYLES)];
  const pending = links.filter((link) => {
    link.media = 'all';
    return link.sheet === null;
  });
  if (pending.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let left = pending.length;
    const timer = setTimeout(resolve, APP_STYLES_WAIT_MS);
    const settled = () => {
      left -= 1;
      if (left > 0) return;
      clearTimeout(timer);
      resolve();
    };
    for (const link of pending) {
      link.addEventListener('load', settled, { once: true });
      link.addEventListener('error', settled, { once: true });
    }
  });
}
