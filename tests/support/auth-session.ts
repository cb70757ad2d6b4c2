// What the component tests of the auth session share: the error MSAL throws when a token needs the user, and
// a record of the bearer each `GET /me` the API layer sends carries.
import { InteractionRequiredAuthError } from '@azure/msal-browser';
import { http, HttpResponse } from 'msw';
import { server } from './harness.tsx';

export const interactionRequired = () => new InteractionRequiredAuthError('interaction_required', 'test');

/** The bearer of each `GET /me` the API layer sends from now on. */
export function recordBearers(): string[] {
  const bearers: string[] = [];
  server.use(
    http.get('https://app.test/api/v1/me', ({ request }) => {
      bearers.push(request.headers.get('Authorization') ?? '');
      return HttpResponse.json({ ok: true });
    }),
  );
  return bearers;
}
