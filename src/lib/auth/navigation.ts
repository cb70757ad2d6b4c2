// Addresses of sign-in: the router's navigate (the auth session navigates through it once it is mounted, so that
// no navigation reloads the SPA), the current address, `next`, and the provider's answer in an address.
/** The router's navigate, e.g. `(to, options) => router.navigate(to, options)` of a data router. */
export type AppNavigate = (to: string, options: { replace: boolean }) => unknown;

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
