import { expect, type Page, type Request } from '@playwright/test';
import { identityTexts } from '../../server/src/identity/texts.ts';

export const DEMO_PASSWORD = process.env['DEMO_PASSWORD'] ?? 'CaseRouter-demo-2026';

/** Waits for the identity provider's login page and signs in through it, as a person would. */
export async function signInThroughLoginPage(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await expect(page.getByRole('heading', { name: identityTexts.signInTitle })).toBeVisible();
  await page.getByLabel(identityTexts.email).fill(email);
  await page.getByLabel(identityTexts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: identityTexts.signIn }).click();
}

/**
 * Opens the app signed out, signs in as the user and waits until the app has left the provider's pages and
 * MSAL's cache holds the token the sign-in gave (back at the app, MSAL still has to exchange the provider's code for it).
 */
export async function signIn(page: Page, email: string, startAt = '/'): Promise<void> {
  await page.goto(startAt);
  await signInThroughLoginPage(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/redirect.html');
  await page.waitForFunction(holdsMsalAccessToken);
}

/**
 * Run in the page: whether MSAL's cache in the tab's session storage holds an access token (MSAL names each
 * credential's entry with its type, `accesstoken` for one).
 */
export function holdsMsalAccessToken(): boolean {
  return Object.keys(sessionStorage).some((key) => key.toLowerCase().includes('accesstoken'));
}

/** The pathname without a trailing slash, for comparing with the role homes. */
export function trimmedPath(page: Page): string {
  const { pathname } = new URL(page.url());
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

/** A token request that spends a refresh token (MSAL's silent renewal). */
export function isRefreshRequest(request: Request): boolean {
  return (
    request.method() === 'POST' &&
    new URL(request.url()).pathname === '/oidc/token' &&
    (request.postData() ?? '').includes('grant_type=refresh_token')
  );
}
