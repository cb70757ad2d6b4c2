import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { server } from '../support/harness.tsx';

const TENANT_CONFIG = '*/api/v1/public/tenant-config';

/** Runs the real entry module against the MSW answer; returns what it logged as errors. */
async function startApp(): Promise<() => string> {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.resetModules();
  await import('../../src/main.tsx');
  return () => consoleError.mock.calls.map((call: unknown[]) => call.map(String).join(' ')).join('\n');
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
});

describe('the Configuration Error screen', () => {
  it.each([
    [
      'a backend configuration error',
      () => HttpResponse.json({ error: 'configuration_error', message: 'AUTH_CLIENT_ID: Required' }),
      `${texts.backendConfigurationError}AUTH_CLIENT_ID: Required`,
    ],
    [
      'a config without clientId',
      () => HttpResponse.json({ authority: 'https://app.test/oidc', scopes: [] }),
      'clientId is missing',
    ],
    [
      'a config whose authority is not a string',
      () => HttpResponse.json({ authority: ['https://app.test/oidc'], clientId: 'spa' }),
      'authority must be a string',
    ],
    [
      'an unreachable config',
      () => new HttpResponse('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }),
      `${texts.tenantConfigFetchFailed}502 Bad Gateway`,
    ],
    ['a network failure', () => HttpResponse.error(), texts.tenantConfigFetchFailed],
    [
      'an authority MSAL cannot use',
      () => HttpResponse.json({ authority: 'not a url', clientId: 'spa' }),
      'Invalid URL',
    ],
  ])('appears for %s, with the cause in the console', async (_, answer, cause) => {
    server.use(http.get(TENANT_CONFIG, answer));

    const logged = await startApp();

    expect(await screen.findByText(texts.configurationError)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/browser console/i);
    expect(screen.getByText('F12')).toBeInTheDocument();
    expect(logged()).toContain(cause);
  });

  it('asks for the config without the HTTP cache', async () => {
    let asked = 0;
    server.use(
      http.get(TENANT_CONFIG, () => {
        asked += 1;
        return HttpResponse.json({ error: 'configuration_error' });
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    await startApp();
    await screen.findByText(texts.configurationError);

    expect(asked).toBe(1);
    expect((fetchSpy.mock.calls[0]?.[0] as Request).cache).toBe('no-store');
  });
});
