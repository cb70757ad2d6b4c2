import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { App, createAppRouter } from '../../src/app/app.tsx';
import { renderUi } from '../support/harness.tsx';

describe('the 404 page, through the real route table', () => {
  it.each(['/no/such/page', '/settings/extra/deep/path', '/specialist/unknown/'])(
    '%s shows the 404 with a way to sign in',
    async (url) => {
      const router = createAppRouter({ initialEntries: [url] });
      renderUi(<App router={router} />);

      expect(await screen.findByRole('heading', { name: texts.notFoundTitle })).toBeInTheDocument();
      expect(screen.getByText(texts.notFoundMessage)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: texts.goToLogin })).toHaveAttribute('href', '/sign-in');
    },
  );

  it('Go to Login leads to /sign-in', async () => {
    const user = userEvent.setup();
    const router = createAppRouter({ initialEntries: ['/nowhere'] });
    renderUi(<App router={router} />);

    await user.click(await screen.findByRole('link', { name: texts.goToLogin }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sign-in');
    });
  });
});
