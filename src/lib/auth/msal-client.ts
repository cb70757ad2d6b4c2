// MSAL's client, imported only through a dynamic import: its code (the controllers, the cache, the crypto) makes
// a chunk of its own that the app's first screen does without when MSAL's cache gives it a head start.
export { PublicClientApplication } from '@azure/msal-browser';
