// Failures reach the screens as ApiError (lib/api); anything else still needs words a person can act on.
import * as z from 'zod';
import { texts } from '../../config/texts.ts';
import { ApiError } from '../../lib/api/index.ts';

export function errorText(error: unknown): string {
  if (error instanceof z.ZodError) return texts.validationInvalidInput;
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something did not work. Please try again.';
}
