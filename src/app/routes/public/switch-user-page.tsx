// "/switch-user": the sign-out for a shared PC. The provider's session ends with the app's, so the next person
// lands on the sign-in page and signs in as themselves.
import { texts } from '../../../config/texts.ts';
import { SignOutScreen } from './sign-out-page.tsx';

export function Component() {
  return <SignOutScreen label={texts.switchingUser} />;
}
