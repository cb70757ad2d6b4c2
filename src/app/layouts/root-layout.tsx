// The root route's element: every route renders inside the global error boundary, which resets on navigation,
// and the browser tab names the route: "Cases · Case Router".
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { texts } from '../../config/texts.ts';
import { GlobalErrorBoundary } from '../errors/global-error-boundary.tsx';
import { useRouteAccess } from './route-access.ts';

export function RootLayout() {
  const { pathname } = useLocation();
  const { title } = useRouteAccess();
  useEffect(() => {
    document.title = title === undefined ? texts.productName : `${title} · ${texts.productName}`;
  }, [title]);
  return (
    <GlobalErrorBoundary resetKey={pathname}>
      <Outlet />
      <ScrollRestoration />
    </GlobalErrorBoundary>
  );
}
