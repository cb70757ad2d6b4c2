// The page of the address `/` (root.html): sign in first, the app only when it is needed.
import { routes } from './config/routes.ts';
import { signInFirst } from './sign-in-first.ts';

signInFirst().catch((error: unknown) => {
  // Whatever went wrong here (the app's code that did not arrive included), /sign-in loads the app as every
  // other address does and signs in with its screens and messages; a provider's error is not shown then.
  console.error(error instanceof Error ? error.message : String(error));
  window.location.replace(`${routes.signIn.href()}${window.location.search}`);
});
