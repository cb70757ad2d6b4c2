// The root route's element: every route renders inside the global error boundary, which resets on navigation.
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { GlobalErrorBoundary } from '../errors/global-error-boundary.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <GlobalErrorBoundary resetKey={pathname}>
      <Outlet />
      <ScrollRestoration />
    </GlobalErrorBoundary>
  );
}
