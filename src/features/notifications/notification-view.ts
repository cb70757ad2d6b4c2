// A notification as the sheet and the toasts show it: who, what, when, the message, and where it leads.
import type { Notification } from '../../../generated/types.gen.ts';
import { routes } from '../../config/routes.ts';
import { isRole, type Role } from '../../lib/auth/index.ts';

export interface NotificationView {
  readonly id: string;
  /** Null when the server did it (routing, escalation): the action text then reads on its own. */
  readonly author: string | null;
  /** ISO 8601 */
  readonly timestamp: string;
  readonly action: string;
  readonly message: string | null;
  /** The case screen of the reader's role; absent when the role has none. */
  readonly href?: string;
  readonly read: boolean;
  /** An offer of a case to the reader (offered, moved on to them, re-alerted): it asks for an answer. */
  readonly offer: boolean;
}

const OFFER_KINDS: ReadonlySet<Notification['kind']> = new Set(['case_offered', 'case_realerted']);

// The route map has a case screen for the doctor and the specialist only; ER staff open their case list.
const caseRoutes: Partial<Record<Role, (caseId: string) => string>> = {
  specialist: (id) => routes.specialistCase.href({ id }),
  er_doctor: (id) => routes.doctorCase.href({ id }),
  emergency_room: () => routes.emergencyRoomCases.href(),
  emergency_room_admin: () => routes.emergencyRoomCases.href(),
};

/** Where a notification about a case leads for these roles: the first role that has a case screen decides. */
export function caseHrefFor(roles: readonly string[], caseId: string): string | undefined {
  for (const role of roles) {
    const route = isRole(role) ? caseRoutes[role] : undefined;
    if (route) return route(caseId);
  }
  return undefined;
}

export function toNotificationView(notification: Notification, roles: readonly string[]): NotificationView {
  const href = notification.caseId === null ? undefined : caseHrefFor(roles, notification.caseId);
  return {
    id: notification.id,
    author: notification.author?.displayName ?? null,
    timestamp: notification.createdAt,
    action: notification.action,
    message: notification.message,
    read: notification.readAt !== null,
    offer: OFFER_KINDS.has(notification.kind),
    ...(href === undefined ? {} : { href }),
  };
}

/** The sentence a toast or a screen reader gets: the author, when there is one, before the action. */
export function notificationHeadline(view: Pick<NotificationView, 'author' | 'action'>): string {
  return view.author === null ? view.action : `${view.author} ${view.action}`;
}
