// MSAL and the auth helpers navigate through the router once it is mounted, so that no navigation
// reloads the SPA. MSAL's side of it is router-navigation-client.ts: this module holds none of MSAL's code.
/** The router's navigate, e.g. `(to, options) => router.navigate(to, options)` of a data router. */
export type AppNavigate = (to: string, options: { replace: boolean }) => unknown;

let routerNavigate: AppNavigate | null = null;

export function setRouterNavigate(navigate: AppNavigate | null): void {
  routerNavigate = navigate;
}

/** The router's navigate while the router is mounted; null before and after. */
export function routerNavigation(): AppNavigate | null {
  return routerNavigate;
}

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (routerNavigate) {
    void routerNavigate(path, { replace: options.replace ?? false });
  } else if (options.replace) {
    window.location.replace(path);
  } else {
    window.location.assign(path);
  }
}

/** The path, search and hash of the current page: what `next` holds. */
export function currentAppPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * `next` is only ever a path of this app: an absolute or protocol-relative address would make sign-in an
 * open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from addresses and read a backslash as a slash, so "/\t/evil.test" is
  // protocol-relative too: only a path that stays on this origin once parsed is kept.
  const origin = 'https://app.invalid';
  return new URL(next, origin).origin === origin ? next : null;
}

const AUTH_RESPONSE_PARAMS = ['code', 'state', 'error'] as const;

/** Whether the address carries the identity provider's answer to a sign-in (in its query or its fragment). */
export function carriesAuthResponse(search: URLSearchParams, hash: string): boolean {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return AUTH_RESPONSE_PARAMS.some((name) => search.has(name) || fragment.has(name));
}
