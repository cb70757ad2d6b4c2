// The new-case draft survives a reload: its values and its Idempotency-Key live in the tab's session
// storage, per user, so a retry after a reload cannot open the case twice and nobody else sees the draft.
import type { NewCaseValues } from './new-case-schema.ts';

export interface NewCaseDraft {
  readonly values: NewCaseValues;
  readonly idempotencyKey: string;
}

const PREFIX = 'case-router:new-case-draft:';

export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

function isDraft(value: unknown): value is NewCaseDraft {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { idempotencyKey?: unknown }).idempotencyKey === 'string' &&
    typeof (value as { values?: unknown }).values === 'object' &&
    (value as { values?: unknown }).values !== null
  );
}

export function loadDraft(userId: string): NewCaseDraft | null {
  try {
    const text = sessionStorage.getItem(draftKey(userId));
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    return isDraft(parsed) ? parsed : null;
  } catch {
    // A draft that cannot be read is dropped rather than blocking a new case.
    return null;
  }
}

export function saveDraft(userId: string, draft: NewCaseDraft): void {
  try {
    sessionStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the form still works, only the draft is not kept.
  }
}

export function clearDraft(userId: string): void {
  sessionStorage.removeItem(draftKey(userId));
}
