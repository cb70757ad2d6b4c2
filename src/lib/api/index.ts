export { ApiError, detailMessage, errorMessageFor, fieldProblems } from './api-error.ts';
export { errorText, retryText } from './error-text.ts';
export { configureApi, DEFAULT_API_BASE_URL, installApiLayer, toApiError } from './client.ts';
export type { SessionBridge } from './session-rules.ts';
