// What a screen says about a failure: an ApiError's message, and words a person can act on for anything else.
import * as z from 'zod/mini';
import { texts } from '../../config/texts.ts';
import { ApiError } from './api-error.ts';

export function errorText(error: unknown): string {
  if (error instanceof z.core.$ZodError) return texts.validationInvalidInput;
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something did not work. Please try again.';
}

/**
 * What a person can do about a failed load, in a sentence for an error state with a Retry button: the cause
 * in plain words (no connection, the server's fault, too many requests, no access), never a raw detail alone.
 */
export function retryText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0 || error instanceof TypeError)
    return 'The server could not be reached. Check the network connection, then press Retry.';
  if (status >= 500)
    return 'The server had a problem. Press Retry; if it keeps failing, call the IT helpdesk.';
  if (status === 429) return 'Too many requests at once. Wait a few seconds, then press Retry.';
  if (status === 403)
    return 'Your account may not see this. Ask your administrator for access, then press Retry.';
  if (status === 404)
    return 'It was not found: it may have been removed. Go back to the list, or press Retry.';
  return `${errorText(error)} Press Retry to try again.`;
}
