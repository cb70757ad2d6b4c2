export { ApiError, detailMessage, errorMessageFor, fieldProblems } from './api-error.ts';
export { apiRequest, apiUrl, type ApiRequestOptions } from './api-request.ts';
export { errorText, retryText } from './error-text.ts';
export { configureApi, DEFAULT_API_BASE_URL, installApiLayer, toApiError } from './client.ts';
export type { SessionBridge } from './session.ts';
export { readStoredToken, removeStoredToken, writeStoredToken } from './stored-token.ts';
