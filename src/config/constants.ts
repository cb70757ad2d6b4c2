// The product's fixed numbers and names: token refresh, module-load retries, scopes, toasts, storage.
export const TOKEN_REFRESH_BUFFER_SECONDS = 300;
export const MODULE_LOAD_MAX_RETRIES = 3;
export const MODULE_LOAD_INITIAL_DELAY_MS = 250;
export const ALWAYS_REQUESTED_SCOPES = ['openid', 'profile', 'offline_access'] as const;
export const ROLE_TOAST_DURATION_MS = 10_000;
export const SLIDE_ANIMATION_MS = 300;
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
