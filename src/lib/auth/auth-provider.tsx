// Routes MSAL's navigations through the router, shows what start-up had to say once the Toaster is mounted,
// and, on a reload started from the held token, starts MSAL once the first screen is up. The sign-in state
// itself is auth-store.ts's, read through the hooks: no MSAL context, so no MSAL code before it is needed.
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { type AppNavigate, setRouterNavigate } from './navigation.ts';
import { flushNotices } from './notices.ts';
import {
  handleAuthError,
  routeMsalThroughRouter,
  startMsalWhenIdle,
  takeStartupAuthError,
} from './session.ts';

export interface AuthProviderProps {
  /** The router's navigate; the provider can then sit outside the router (start-app.tsx owns both). */
  readonly navigate: AppNavigate;
  readonly children: ReactNode;
}

export function AuthProvider({ navigate, children }: AuthProviderProps) {
  useEffect(() => {
    routeMsalThroughRouter(navigate);
    flushNotices((message) => toast.error(message));
    const pending = takeStartupAuthError();
    if (pending) handleAuthError(pending.error);
    startMsalWhenIdle();
    return () => {
      setRouterNavigate(null);
    };
  }, [navigate]);

  return children;
}
