// MSAL React's provider around the app, with the auth session beside it in a context of its own. Once mounted:
// the session navigates through the router and shows its notices with the toaster, and an error the provider
// answered the sign-in with is acted on.
import { MsalProvider } from '@azure/msal-react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { toast } from 'sonner';
import type { AuthSession } from './auth-session.ts';
import type { AppNavigate } from './navigation.ts';

const AuthSessionContext = createContext<AuthSession | null>(null);

/** The auth session of the page, from the AuthProvider above. */
export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error('useAuthSession needs an AuthProvider above it');
  return session;
}

export interface AuthProviderProps {
  readonly session: AuthSession;
  /** The router's navigate; the provider can then sit outside the router (start-app.tsx owns both). */
  readonly navigate: AppNavigate;
  readonly children: ReactNode;
}

export function AuthProvider({ session, navigate, children }: AuthProviderProps) {
  useEffect(() => {
    const detach = session.attach(navigate, (message) => toast.error(message));
    const pending = session.takeStartupError();
    if (pending) session.handleAuthError(pending.error);
    return detach;
  }, [session, navigate]);

  return (
    <MsalProvider instance={session.msal}>
      <AuthSessionContext.Provider value={session}>{children}</AuthSessionContext.Provider>
    </MsalProvider>
  );
}
