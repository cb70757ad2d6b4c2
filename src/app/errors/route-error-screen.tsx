// The router's errorElement: a failed lazy import goes to module-load recovery, anything else gets the
// generic "Error" screen with the way home.
import { Button } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { StatusScreen } from '../../components/status-screen.tsx';
import { ModuleLoadError } from '../module-load/module-load-error.ts';
import { ModuleLoadRecovery } from '../module-load/module-load-recovery.tsx';

function describeRouteError(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return undefined;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  if (error instanceof ModuleLoadError) return <ModuleLoadRecovery error={error} />;
  return (
    <StatusScreen title={texts.error} message={describeRouteError(error)} role="alert">
      <Button component={Link} to={routes.root.href()} variant="light">
        Back to home
      </Button>
    </StatusScreen>
  );
}
