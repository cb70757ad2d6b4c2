import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { RouteErrorScreen } from '../../src/app/errors/route-error-screen.tsx';
import { ModuleLoadError } from '../../src/app/module-load/module-load-error.ts';
import { ModuleLoadRecovery } from '../../src/app/module-load/module-load-recovery.tsx';
import type { RecoveryEnvironment } from '../../src/app/module-load/retry-policy.ts';
import { renderRoutes, renderUi } from '../support/harness.tsx';

const chunkFailure = () =>
  new ModuleLoadError(
    'settings',
    new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/settings-page.js'),
  );

function fakeEnvironment(storedAttempts?: number) {
  const items = new Map<string, string>();
  if (storedAttempts !== undefined) {
    items.set('case-router:module-load-attempts:settings', String(storedAttempts));
  }
  const calls: string[] = [];
  const environment: RecoveryEnvironment = {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => {
        items.set(key, value);
      },
      removeItem: (key) => {
        items.delete(key);
      },
    },
    clearBrowserCaches: () => {
      calls.push('clear');
      return Promise.resolve();
    },
    sleep: (ms) => {
      calls.push(`sleep ${ms}`);
      return Promise.resolve();
    },
    reload: () => {
      calls.push('reload');
    },
  };
  return { environment, calls, items };
}

describe('module-load recovery', () => {
  it('shows the title for the failure while it cleans up and reloads', async () => {
    const { environment, calls, items } = fakeEnvironment(1);
    renderUi(<ModuleLoadRecovery error={chunkFailure()} environment={environment} online />);

    expect(screen.getByRole('heading', { name: texts.loadingModules })).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(calls).toEqual(['clear', 'sleep 500', 'reload']);
    });
    expect(items.get('case-router:module-load-attempts:settings')).toBe('2');
  });

  it('explains a network issue when the browser is offline', () => {
    const { environment } = fakeEnvironment();
    renderUi(<ModuleLoadRecovery error={chunkFailure()} environment={environment} online={false} />);

    expect(screen.getByRole('heading', { name: texts.networkIssue })).toBeInTheDocument();
    expect(screen.getByText(texts.networkIssueMessage)).toBeInTheDocument();
  });

  it('after the third attempt offers Try Again, which reads Retrying... while it reloads', async () => {
    const user = userEvent.setup();
    const { environment, calls } = fakeEnvironment(3);
    renderUi(<ModuleLoadRecovery error={chunkFailure()} environment={environment} online />);

    expect(screen.getByRole('heading', { name: texts.unableToLoad })).toBeInTheDocument();
    expect(screen.getByText(texts.unableToLoadMessage)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: texts.tryAgain }));

    expect(screen.getByRole('button', { name: texts.retrying })).toBeDisabled();
    await vi.waitFor(() => {
      expect(calls).toEqual(['clear', 'reload']);
    });
  });
});

describe('the route error screen', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.sessionStorage.clear();
  });
  afterEach(() => {
    consoleError.mockRestore();
    window.sessionStorage.clear();
  });

  it('turns a failed lazy route into the module-load screen', async () => {
    window.sessionStorage.setItem('case-router:module-load-attempts:settings', '3');
    renderRoutes(
      [
        {
          path: '/settings/',
          errorElement: <RouteErrorScreen />,
          lazy: () => Promise.reject(chunkFailure()),
        },
      ],
      '/settings/',
    );

    expect(await screen.findByRole('heading', { name: texts.unableToLoad })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.tryAgain })).toBeInTheDocument();
  });

  it('shows the generic Error screen for any other failure', async () => {
    renderRoutes(
      [
        {
          path: '/settings/',
          errorElement: <RouteErrorScreen />,
          loader: () => {
            throw new Error('The settings could not be read');
          },
          element: <p>never</p>,
        },
      ],
      '/settings/',
    );

    expect(await screen.findByRole('heading', { name: texts.error })).toBeInTheDocument();
    expect(screen.getByText('The settings could not be read')).toBeInTheDocument();
    expect(screen.queryByText('never')).not.toBeInTheDocument();
  });
});
