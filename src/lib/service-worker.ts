// The app's service worker (public/sw.js, at the root scope): it shows pushed alerts and opens their case,
// and caches nothing. Registered at every start-up after sign-in, so that the module-load recovery, which
// unregisters every service worker before it reloads, leaves the app registered again once it has started.

export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the worker; null where the browser has none (an insecure origin, an old browser) or refuses. */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined,
): Promise<ServiceWorkerRegistration | null> {
  if (container === undefined) return null;
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
    return null;
  }
}
