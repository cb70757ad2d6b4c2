// What a screen says about a failure: an ApiError's message, and words a person can act on for anything else.
import * as z from 'zod';
import { texts } from '../../config/texts.ts';
import { ApiError } from './api-error.ts';

export function errorText(error: unknown): string {
  if (error instanceof z.ZodError) return texts.validationInvalidInput;
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something did not work. Please try again.';
}
