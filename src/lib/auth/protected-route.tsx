// Protected route access, as a layout route: <Outlet/> once authorized; a visit without a token tries a
// silent renewal for the active account, and otherwise goes to /sign-in with next set to the address.
import { InteractionStatus } from '@azure/msal-browser';
import { useIsAuthenticated, useMsal } from '@azure/msal-react';
import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { logAuthError } from './auth-log.ts';
import { useAuthSession } from './auth-provider.tsx';
import { useHasToken } from './hooks.ts';

export function signInHref(next: string): string {
  return `${routes.signIn.href()}?next=${encodeURIComponent(next)}`;
}

type Access = 'checking' | 'denied';

export interface ProtectedRouteProps {
  /** Rendered once authorized; without children, the child routes' <Outlet/>. */
  readonly children?: ReactNode;
}

export function ProtectedRoute({ children }: ProtectedRouteProps) {
  const session = useAuthSession();
  const { inProgress, instance } = useMsal();
  const hasAccount = instance.getActiveAccount() !== null;
  const isAuthenticated = useIsAuthenticated();
  const hasToken = useHasToken();
  const authenticated = isAuthenticated && hasToken;
  const location = useLocation();
  const [access, setAccess] = useState<Access>('checking');
  const waiting = inProgress === InteractionStatus.Startup || inProgress === InteractionStatus.HandleRedirect;

  useEffect(() => {
    if (authenticated || waiting) return;
    let cancelled = false;
    const deny = () => {
      if (!cancelled) setAccess('denied');
    };
    if (!hasAccount) {
      deny();
      return;
    }
    session.renewSilently().then(
      (renewed) => {
        if (!renewed) deny();
      },
      (error: unknown) => {
        console.warn(texts.consoleSilentRenewalFailed);
        logAuthError(error);
        deny();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [authenticated, waiting, hasAccount, session]);

  if (authenticated) return children ?? <Outlet />;
  if (access === 'denied') {
    return <Navigate replace to={signInHref(`${location.pathname}${location.search}${location.hash}`)} />;
  }
  return (
    <Center mih="50dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
