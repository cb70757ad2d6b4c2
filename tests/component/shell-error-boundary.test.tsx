import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { RootLayout } from '../../src/app/layouts/root-layout.tsx';
import { renderRoutes } from '../support/harness.tsx';

const failure = new Error('the shell could not render');

function Broken(): never {
  throw failure;
}

describe('the global error boundary', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    // React also reports the caught error; keep the output readable and look only for our own line.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
  });

  it('shows the fallback, logs the error, and resets when the location changes', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>Fine again</p> },
          ],
        },
      ],
      '/broken',
    );

    expect(await screen.findByRole('heading', { name: texts.somethingWentWrong })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(texts.consoleGlobalErrorBoundary, failure);

    await act(() => router.navigate('/fine'));

    expect(screen.getByText('Fine again')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: texts.somethingWentWrong })).not.toBeInTheDocument();
  });

  it('renders its children untouched while nothing fails', () => {
    renderRoutes(
      [{ element: <RootLayout />, children: [{ path: '/fine', element: <p>All well</p> }] }],
      '/fine',
    );
    expect(screen.getByText('All well')).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalledWith(texts.consoleGlobalErrorBoundary, expect.anything());
  });
});
