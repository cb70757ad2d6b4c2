// The one password rule, for every place a password is set: sign-up (the administrator's temporary password),
// the forced change at the first sign-in, and the user's own change (POST /me/password). Each passes the
// account the password is for, so the account's own words always count.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonPasswords from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export const PASSWORD_RULE =
  'Use at least 12 characters, with at least one letter and one digit, and nothing common, easy to guess or made of your name or email.';

/** zxcvbn's score (0-4) a password needs: 3 is "safely unguessable" against an online attack and a slow hash. */
const MINIMUM_STRENGTH = 3;

/** What a password must not be made of: the account's own words (its email, its names, its organisation). */
export interface PasswordOwner {
  readonly email: string;
  readonly displayName: string;
  /** More of the account's own words: first and last name, company, hospital system. */
  readonly otherWords?: readonly (string | null | undefined)[];
}

// Common passwords, names, English words, keyboard walks, dates and sequences, as password crackers try them
// (zxcvbn-ts with its common and English dictionaries), built at the first check: the dictionaries are large.
let strength: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...commonPasswords.dictionary, ...english.dictionary },
    graphs: commonPasswords.adjacencyGraphs,
    translations: english.translations,
  });
  return strength;
}

/** The owner's words as a guesser would try them: each whole, and each part of it (an email's local part, a name). */
function ownerWords(owner: PasswordOwner): string[] {
  const inputs = [owner.email, owner.displayName, ...(owner.otherWords ?? [])].filter(
    (input): input is string => typeof input === 'string' && input.trim() !== '',
  );
  const words = inputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3))];
}

/** The password without the owner's words (longest first, any case); null when it holds none of them. */
function withoutOwnerWords(password: string, words: readonly string[]): string | null {
  const lower = password.toLowerCase();
  let rest = lower;
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(word, '');
  return rest === lower ? null : rest;
}

/** Null when `password` is acceptable for `owner`; else the sentence that says why not, ending with the rule. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (password.length < 12 || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    return `The password is too weak. ${PASSWORD_RULE}`;
  }
  // zxcvbn's cost grows with the length; the contract bounds passwords, this bounds what is estimated.
  const words = ownerWords(owner);
  const result = estimator().check(password.slice(0, 128), words);
  if (result.score < MINIMUM_STRENGTH) {
    const warning = result.feedback.warning;
    return `The password is too common or easy to guess${warning ? ` (${warning.replace(/\.$/, '').toLowerCase()})` : ''}. ${PASSWORD_RULE}`;
  }
  // Someone who knows the account guesses its words first: what is left without them must be strong by itself
  // ("DanaOkafor2026" is "2026" to a colleague).
  const rest = withoutOwnerWords(password.slice(0, 128), words);
  if (rest !== null && estimator().check(rest, words).score < MINIMUM_STRENGTH) {
    return `The password is too easy to guess for someone who knows your name or email. ${PASSWORD_RULE}`;
  }
  return null;
}
