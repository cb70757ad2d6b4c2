// MSAL's redirect page: hands the provider's answer to the window that started the sign-in, nothing else.
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

broadcastResponseToMainFrame().catch((error: unknown) => {
  console.error(error);
});
