// The root route's element: every route renders inside the global error boundary, which resets on navigation,
// and the browser tab names the route ("Cases · Case Router") or the screen's subject ("SGH-000051 · Case
// Router") once the screen gives one.
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSubjectContext, pageTitle, useWaitingCount } from '../../lib/page-title.ts';
import { GlobalErrorBoundary } from '../errors/global-error-boundary.tsx';
import { useRouteAccess } from './route-access.ts';

export function RootLayout() {
  const { pathname } = useLocation();
  const { title } = useRouteAccess();
  const [subject, setSubject] = useState<string | undefined>(undefined);
  const waiting = useWaitingCount();
  useEffect(() => {
    document.title = pageTitle(title, subject, waiting);
  }, [title, subject, waiting]);
  return (
    <PageSubjectContext value={setSubject}>
      <GlobalErrorBoundary resetKey={pathname}>
        <Outlet />
        <ScrollRestoration />
      </GlobalErrorBoundary>
    </PageSubjectContext>
  );
}
