// What one change of a case leaves behind, inside its transaction: the timeline event, the notifications of
// the users concerned, the audit event, and the published change that carries it to the event streams.
import type { CaseEventKind, CaseStatus, NotificationKind } from '../../../generated/types.gen.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { publishChange } from '../events/case-change-channel.ts';
import { PUSHED_KINDS } from '../domain/push-alert.ts';
import { insertNotifications } from '../notifications/notifications-repository.ts';
import { insertPushAlerts } from '../push/push-repository.ts';
import { insertSmsFallbacks } from '../sms/sms-repository.ts';
import { insertCaseEvent } from './case-thread-repository.ts';

// NOTIFY payloads stop at 8000 bytes: recipients go out in batches well below that.
const RECIPIENTS_PER_NOTIFY = 40;

export interface NotificationDraft {
  readonly kind: NotificationKind;
  readonly actorId: string | null;
  readonly action: string;
  readonly message?: string | null;
}

/** Collects one transaction's side effects on one case; publish() last. */
export class CaseJournal {
  private readonly notified: { userId: string; id: string }[] = [];
  private readonly watchers = new Set<string>();
  private readonly tx: Queryable;
  private readonly caseId: string;
  private readonly at: Date;

  constructor(tx: Queryable, caseId: string, at: Date) {
    this.tx = tx;
    this.caseId = caseId;
    this.at = at;
  }

  async event(
    kind: CaseEventKind,
    actorId: string | null,
    data: Record<string, unknown> = {},
  ): Promise<void> {
    await insertCaseEvent(this.tx, { caseId: this.caseId, at: this.at.toISOString(), kind, actorId, data });
  }

  /** Notifies each user once (never the actor of the change itself). */
  async notify(userIds: readonly (string | null)[], draft: NotificationDraft): Promise<void> {
    const recipients = [
      ...new Set(userIds.filter((id): id is string => id !== null && id !== draft.actorId)),
    ];
    if (recipients.length === 0) return;
    const ids = recipients.map(() => newId('ntf'));
    await insertNotifications(this.tx, {
      ids,
      userIds: recipients,
      caseId: this.caseId,
      kind: draft.kind,
      actorId: draft.actorId,
      action: draft.action,
      message: draft.message ?? null,
      at: this.at,
    });
    recipients.forEach((userId, index) => this.notified.push({ userId, id: ids[index] ?? '' }));
    // Reach them outside an open tab too: the push waits in the outbox, in this transaction, for the worker.
    if (PUSHED_KINDS.has(draft.kind)) {
      await insertPushAlerts(this.tx, {
        ids: recipients.map(() => newId('psh')),
        userIds: recipients,
        caseId: this.caseId,
        kind: draft.kind,
        actorId: draft.actorId,
        at: this.at,
      });
    }
    // An offer not delivered to any device within the hospital's delay goes by SMS to whoever turned SMS
    // fallback on: it waits in the outbox, due then, and is dropped unsent if the offer is received first.
    if (draft.kind === 'case_offered') {
      await insertSmsFallbacks(this.tx, { caseId: this.caseId, userIds: recipients, at: this.at });
    }
  }

  /** Users who follow the case and should refetch it, though no notification is written for them. */
  watch(userIds: readonly (string | null)[]): void {
    for (const id of userIds) if (id !== null) this.watchers.add(id);
  }

  async audit(userId: string | null, action: string, address: string | null): Promise<void> {
    await recordAudit(this.tx, { userId, action, caseId: this.caseId, address, at: this.at });
  }

  async publish(caseStatus: CaseStatus): Promise<void> {
    const notifiedUsers = new Set(this.notified.map((entry) => entry.userId));
    const entries = [
      ...this.notified.map((entry) => ({ notification: entry })),
      ...[...this.watchers].filter((id) => !notifiedUsers.has(id)).map((userId) => ({ watcher: userId })),
    ];
    for (let start = 0; start < entries.length; start += RECIPIENTS_PER_NOTIFY) {
      const batch = entries.slice(start, start + RECIPIENTS_PER_NOTIFY);
      await publishChange(this.tx, {
        caseId: this.caseId,
        caseStatus,
        notifications: batch.flatMap((entry) => ('notification' in entry ? [entry.notification] : [])),
        watchers: batch.flatMap((entry) => ('watcher' in entry ? [entry.watcher] : [])),
      });
    }
  }
}
