// What the rest of the SPA uses from sign-in; MSAL React's hooks (useMsal, useIsAuthenticated, useAccount) are
// used as they are.
export { AuthProvider, useAuthSession } from './auth-provider.tsx';
export { type AuthSession, createAuthSession } from './auth-session.ts';
export { useHasToken, useNotifyRoleProblem, useRoles } from './hooks.ts';
export { createMsal } from './msal-config.ts';
export { ProtectedRoute, signInHref } from './protected-route.tsx';
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
