import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { App, createAppRouter } from '../../src/app/app.tsx';
import { AuthProvider } from '../../src/lib/auth/index.ts';
import { renderUi, signedOutSession } from '../support/harness.tsx';

function renderApp(url: string) {
  const router = createAppRouter({ initialEntries: [url] });
  renderUi(
    <AuthProvider session={signedOutSession()} navigate={(to, options) => router.navigate(to, options)}>
      <App router={router} />
    </AuthProvider>,
  );
  return router;
}

describe('the 404 page, through the real route table', () => {
  it.each(['/no/such/page', '/settings/extra/deep/path', '/specialist/unknown/'])(
    '%s shows the 404 with a way to sign in',
    async (url) => {
      renderApp(url);

      expect(await screen.findByRole('heading', { name: texts.notFoundTitle })).toBeInTheDocument();
      expect(screen.getByText(texts.notFoundMessage)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: texts.goToLogin })).toHaveAttribute('href', '/sign-in');
    },
  );

  it('Go to Login leads to /sign-in', async () => {
    const user = userEvent.setup();
    const router = renderApp('/nowhere');

    await user.click(await screen.findByRole('link', { name: texts.goToLogin }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sign-in');
    });
  });
});
