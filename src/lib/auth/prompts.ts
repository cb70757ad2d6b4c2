// The prompt values the sign-in library is allowed to send.

const SILENT_PROMPTS: ReadonlySet<string> = new Set(['none', 'no_session']);
const INTERACTIVE_PROMPTS: ReadonlySet<string> = new Set(['none', 'consent', 'login']);

/** A silent sign-in with any other prompt would need the user: it becomes `none`. */
export function silentPrompt(prompt: string | undefined): string {
  return prompt !== undefined && SILENT_PROMPTS.has(prompt) ? prompt : 'none';
}

/** Popups and redirects accept only none, consent and login (for platform-broker use); others are dropped. */
export function interactivePrompt(prompt: string | undefined): string | undefined {
  return prompt !== undefined && INTERACTIVE_PROMPTS.has(prompt) ? prompt : undefined;
}
