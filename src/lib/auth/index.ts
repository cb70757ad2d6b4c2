// What the rest of the SPA uses from sign-in.
export { AuthProvider } from './auth-provider.tsx';
export {
  useAccessToken,
  useActiveAccount,
  useInteractionState,
  useIsAuthenticated,
  useRoles,
} from './hooks.ts';
export type { InteractionState } from './interaction.ts';
export { handleAuthError, login, prefetchMsalWhenNeeded, signOut, startAuth } from './session.ts';
export { ProtectedRoute, signInHref } from './protected-route.tsx';
export { primaryRole } from './role-claims.ts';
export {
  FALLBACK_HOME_ROUTE,
  FALLBACK_INSIGHTS_ROUTE,
  homeRouteFor,
  insightsRouteFor,
  isRole,
  type Role,
  ROLE_HOME_ROUTES,
  ROLE_INSIGHTS_ROUTES,
  ROLES,
} from './roles.ts';
export { type SignupInput, type SignupOptions, signupPayload, signupUser } from './signup.ts';
export { loadTenantConfig, TenantConfigError, type ValidTenantConfig } from './tenant-config.ts';
