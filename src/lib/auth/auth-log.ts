import { texts } from '../../config/texts.ts';

/** Every auth failure goes to the console with one fixed prefix, so it can be searched for. */
export function logAuthError(error: unknown): void {
  console.error(texts.consoleAuthError, error);
}
