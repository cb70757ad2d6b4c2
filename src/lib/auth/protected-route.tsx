// Protected route access, as a layout route: <Outlet/> once authorized; a visit without a token tries a
// silent renewal for the active account, and otherwise goes to /sign-in with next set to the address.
import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { logAuthError } from './auth-log.ts';
import { useAuthSnapshot } from './auth-store.ts';
import { renewSilently } from './session.ts';

export function signInHref(next: string): string {
  return `${routes.signIn.href()}?next=${encodeURIComponent(next)}`;
}

type Access = 'checking' | 'denied';

export interface ProtectedRouteProps {
  /** Rendered once authorized; without children, the child routes' <Outlet/>. */
  readonly children?: ReactNode;
}

export function ProtectedRoute({ children }: ProtectedRouteProps) {
  const { authenticated, account, interaction } = useAuthSnapshot();
  const location = useLocation();
  const [access, setAccess] = useState<Access>('checking');
  const waiting = interaction === 'startup' || interaction === 'handle-redirect';

  useEffect(() => {
    if (authenticated || waiting) return;
    let cancelled = false;
    const deny = () => {
      if (!cancelled) setAccess('denied');
    };
    if (!account) {
      deny();
      return;
    }
    renewSilently().then(
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
  }, [authenticated, waiting, account]);

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
