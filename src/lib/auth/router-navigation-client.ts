// MSAL's navigations through the router, so that none reloads the SPA.
import { NavigationClient, type NavigationOptions } from '@azure/msal-browser';
import type { AppNavigate } from './navigation.ts';

export class RouterNavigationClient extends NavigationClient {
  readonly #navigate: AppNavigate;

  constructor(navigate: AppNavigate) {
    super();
    this.#navigate = navigate;
  }

  override navigateInternal(url: string, options: NavigationOptions): Promise<boolean> {
    const target = new URL(url, window.location.origin);
    const path = `${target.pathname}${target.search}${target.hash}`;
    void this.#navigate(path, { replace: options.noHistory });
    // False: the router has navigated in place, MSAL must not wait for a page load.
    return Promise.resolve(false);
  }
}
