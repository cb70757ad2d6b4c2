// On `/` the app's stylesheet is linked for print only (see vite.config.ts), so that it holds neither the
// first paint nor the redirect to the identity provider. When the app starts there, it applies it first.
const APP_STYLES = 'link[rel="stylesheet"][data-app-styles]';

/** Applies the app's stylesheet on this page; resolves once it is in (or failed: the app starts anyway). */
export function applyAppStyles(page: Document = document): Promise<void> {
  const links = [...page.querySelectorAll<HTMLLinkElement>(APP_STYLES)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          if (link.sheet) {
            resolve();
            return;
          }
          const done = () => {
            resolve();
          };
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
        }),
    ),
  ).then(() => undefined);
}
