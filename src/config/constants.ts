// The product's fixed numbers and names: token refresh, module-load retries, scopes, toasts, storage.
export const TOKEN_REFRESH_BUFFER_SECONDS = 300;
export const MODULE_LOAD_MAX_RETRIES = 3;
export const MODULE_LOAD_INITIAL_DELAY_MS = 250;
export const ALWAYS_REQUESTED_SCOPES = ['openid', 'profile', 'offline_access'] as const;
export const ROLE_TOAST_DURATION_MS = 10_000;
export const SLIDE_ANIMATION_MS = 300;
export const PKCE_VERIFIER_BYTES = 32;
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
/** The last token MSAL gave the tab, its account, sign-in and end on this device's clock (session storage). */
export const HELD_TOKEN_STORAGE_KEY = 'case-router.held-token';
/** A reload started from the held token starts MSAL this long after its first screen, once the browser is idle. */
export const MSAL_WARM_UP_DELAY_MS = 4_000;
