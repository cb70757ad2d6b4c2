// The signup call, its payload rules, and the login redirect that follows it.
import type { Role, SignupRequest, User } from '../../../generated/types.gen.ts';
import { texts } from '../../config/texts.ts';
import { ApiError, detailMessage } from '../api/index.ts';

export interface SignupInput {
  email: string;
  password: string;
  role: Role;
  display_name: string;
  phone?: string | null;
  specialty_types?: string[];
  hospital_id?: string;
  force_change_password_next_sign_in?: boolean;
}

/** fname is the first word of display_name, lname the rest; company_name is always null. */
export function signupPayload(input: SignupInput): SignupRequest {
  const [fname = '', ...rest] = input.display_name.trim().split(/\s+/);
  return {
    email: input.email,
    password: input.password,
    role: input.role,
    display_name: input.display_name,
    contact_info: { fname, lname: rest.join(' '), phone: input.phone ?? null, company_name: null },
    specialty_types: input.specialty_types ?? [],
    ...(input.hospital_id !== undefined ? { hospital_id: input.hospital_id } : {}),
    force_change_password_next_sign_in: input.force_change_password_next_sign_in ?? true,
  };
}

export interface SignupOptions {
  /**
   * The login redirect that follows a signup (the auth session's). None for an administrator adding a user, who
   * stays signed in as themselves.
   */
  login?: () => Promise<void>;
}

export async function signupUser(input: SignupInput, options: SignupOptions = {}): Promise<User> {
  let user: User;
  try {
    // The SDK comes with the first signup: the sign-in code, in the start-up chunk, stays off it.
    const { signup } = await import('../../../generated/sdk.gen.ts');
    ({ data: user } = await signup({ body: signupPayload(input), throwOnError: true }));
  } catch (error) {
    // The server's detail, else 'Signup failed'.
    if (error instanceof ApiError) {
      throw new ApiError(detailMessage(error.data) ?? texts.signupFailed, error.status, error.data);
    }
    throw new ApiError(texts.signupFailed, 0, error);
  }
  await options.login?.();
  return user;
}
