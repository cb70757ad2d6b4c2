// Toasts about sign-in, from one place. Start-up runs before the Toaster is mounted, so what it has to say
// waits until the AuthProvider shows it. The toasts' library comes with the app, not with sign-in: the
// AuthProvider hands its error toast over.
import { texts } from '../../config/texts.ts';

export type ShowError = (message: string) => void;

const pending: string[] = [];
let present: ShowError | null = null;

function show(message: string): void {
  if (present) present(message);
  else pending.push(message);
}

/** The Toaster is mounted: what waited is shown, and what comes next is shown at once. */
export function flushNotices(showError: ShowError): void {
  present = showError;
  for (const message of pending.splice(0)) showError(message);
}

export function notifyLoginFailed(): void {
  show(texts.loginFailed);
}

export function notifyAuthenticationError(): void {
  show(texts.authenticationError);
}
