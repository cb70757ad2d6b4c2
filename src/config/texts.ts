// Every sign-in and shell text the product shows word for word, once. Screens and messages import them from here.
export const texts = {
  productName: 'Case Router',

  notFoundTitle: '404',
  notFoundMessage: 'The page you are looking for could not be found.',
  goToLogin: 'Go to Login',

  somethingWentWrong: 'Something went wrong',
  error: 'Error',

  configurationError:
    'Unable to initialize authentication. Please check that the backend is running and properly configured.',

  signingOut: 'Signing out...',
  switchingUser: 'Signing out for the next user...',
  redirectedShortly: 'You will be redirected shortly',

  tryAgain: 'Try Again',
  retrying: 'Retrying...',
  loadingComponents: 'Loading Application Components',
  loadingModules: 'Loading Application Modules',
  networkIssue: 'Network Connection Issue',
  networkIssueMessage: 'Unable to connect to the server.',
  loadingTimeout: 'Loading Timeout',
  loadingError: 'Loading Error',
  unableToLoad: 'Unable to Load Application',
  unableToLoadMessage: 'Try clearing your browser cache or check your internet connection.',

  notifications: 'Notifications',

  noRolesInToken: 'No roles found in token. User may not be assigned any roles in Azure AD.',
  noRoleToast: 'Your account is not assigned to any role. Please contact your administrator.',
  unknownRoleToast: 'Your assigned role is not recognized. Please contact your administrator.',

  sessionExpired: 'Session expired. Please log in again.',
  noActiveAccount: 'No active account found. Please log in.',
  refreshFailed: 'Failed to refresh token. Please log in again.',

  tenantConfigFetchFailed: 'Failed to fetch tenant config: ',
  backendConfigurationError: 'Backend configuration error: ',

  authenticationError: 'Authentication error. Please try logging in again.',
  loginFailed: 'Login failed. Please try again later.',
  signupFailed: 'Signup failed',

  consoleSilentRenewalFailed: 'Silent token renewal failed, redirecting to login',
  consoleAuthError: 'Auth error:',
  consoleGlobalErrorBoundary: 'Global error boundary caught:',

  validationRequired: 'Required',
  validationInvalidInput: 'Invalid input',
  validationInvalidDate: 'Invalid date',
  validationNumberFinite: 'Number must be finite',
} as const;
