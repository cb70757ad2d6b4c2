// Wraps the app in MsalProvider, routes MSAL's navigations through the router, and shows what start-up
// had to say once the Toaster is mounted.
import { MsalProvider } from '@azure/msal-react';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { getMsalInstance, handleAuthError, takeStartupAuthError } from './msal-instance.ts';
import { type AppNavigate, RouterNavigationClient, setRouterNavigate } from './navigation.ts';
import { flushNotices } from './notices.ts';

export interface AuthProviderProps {
  /** The router's navigate; the provider can then sit outside the router (start-app.tsx owns both). */
  readonly navigate: AppNavigate;
  readonly children: ReactNode;
}

export function AuthProvider({ navigate, children }: AuthProviderProps) {
  const instance = getMsalInstance();

  useEffect(() => {
    instance.setNavigationClient(new RouterNavigationClient(navigate));
    setRouterNavigate(navigate);
    flushNotices((message) => toast.error(message));
    const pending = takeStartupAuthError();
    if (pending) handleAuthError(pending.error);
    return () => {
      setRouterNavigate(null);
    };
  }, [instance, navigate]);

  return <MsalProvider instance={instance}>{children}</MsalProvider>;
}
