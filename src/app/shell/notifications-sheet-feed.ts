// What the notifications sheet shows, apart from the sheet itself: its entries, and the feed the protected
// layout provides to it (the read entries, the time zone, marking read). The sheet loads when first wanted;
// this stays with the shell.
import { createContext } from 'react';

export interface NotificationEntry {
  readonly id: string;
  /** Null when the system did it: the action then reads on its own. */
  readonly author: string | null;
  /** ISO 8601 */
  readonly timestamp: string;
  readonly action: string;
  readonly message: string | null;
  /** Where the entry leads (its case), when the reader has a screen for it. */
  readonly href?: string;
  readonly read?: boolean;
  /** An offer of a case to the reader: the sheet sets it apart from messages and updates. */
  readonly offer?: boolean;
}

export interface NotificationsSheetFeed {
  /** Entries already read, listed under the unread ones. */
  readonly earlier: readonly NotificationEntry[];
  /** IANA zone the times are shown in; the browser's when absent. */
  readonly timeZone?: string | null | undefined;
  readonly onMarkRead?: (entry: NotificationEntry) => void;
  readonly onMarkAllRead?: () => void;
}

export const NotificationsSheetContext = createContext<NotificationsSheetFeed>({ earlier: [] });

export const NotificationsSheetProvider = NotificationsSheetContext.Provider;
