// Notifications as the contract shapes them: read by the notifications handlers and by the event hub.
import type { Notification, NotificationKind } from '../../../generated/types.gen.ts';

export interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  case_id: string | null;
  case_display_number: string | null;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  message: string | null;
  created_at: string;
  read_at: string | null;
  [column: string]: unknown;
}

export const NOTIFICATION_SELECT = `select n.id, n.user_id, n.kind, n.case_id, c.display_number as case_display_number,
  n.actor_id, u.display_name as actor_name, n.action, n.message, n.created_at, n.read_at
  from notifications n left join cases c on c.id = n.case_id left join users u on u.id = n.actor_id`;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    caseId: row.case_id,
    caseDisplayNumber: row.case_display_number,
    author: row.actor_id === null ? null : { id: row.actor_id, displayName: row.actor_name ?? '' },
    action: row.action,
    message: row.message,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
