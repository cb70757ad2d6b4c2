// Rendering helpers for the shell's component tests: Mantine with our theme in test mode (no transitions,
// no portals), and a real data router held in memory.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { theme } from '../../src/app/theme.ts';

export function renderWithTheme(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = renderWithTheme(<RouterProvider router={router} />);
  return { router, ...view };
}
