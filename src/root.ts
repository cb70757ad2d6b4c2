// The page of the address `/` (root.html): sign in first, the app only when it is needed.
import { signInFirst } from './sign-in-first.ts';

void signInFirst();
