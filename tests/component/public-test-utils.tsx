// Starts the real auth module on an MSAL stand-in and renders routes in a memory router inside AuthProvider.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type * as AuthModule from '../../src/lib/auth/index.ts';
import {
  createMsalStandIn,
  type MsalStandIn,
  type MsalStandInOptions,
} from '../support/msw-msal-stand-in.ts';

export const tenantConfig = {
  authority: 'https://app.test/oidc',
  clientId: 'case-router-spa',
  scopes: ['api://case-router/access'],
  apiBaseUrl: 'https://app.test/api/v1',
};

export async function startAuthWith(options: MsalStandInOptions): Promise<{
  msal: MsalStandIn;
  auth: typeof AuthModule;
}> {
  vi.resetModules();
  const auth = await import('../../src/lib/auth/index.ts');
  const msal = createMsalStandIn(options);
  await auth.startAuth(tenantConfig, () => msal.instance);
  return { msal, auth };
}

export function renderAt(auth: typeof AuthModule, routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const navigate = (to: string, options: { replace: boolean }) => router.navigate(to, options);
  const view = render(
    <MantineProvider env="test">
      <auth.AuthProvider navigate={navigate}>
        <RouterProvider router={router} />
      </auth.AuthProvider>
      <Toaster />
    </MantineProvider>,
  );
  return { router, ...view };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
