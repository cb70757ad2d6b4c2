// Fans changes out to the server-sent event streams open on this server. Every server listens on one
// PostgreSQL channel (case-change-channel.ts); whichever server made a change publishes it there, and each
// delivers it to the streams of the users concerned that it holds.
import type { CaseSummary, NotificationKind, ServerEvent } from '../../../generated/types.gen.ts';
import { readCaseSummary } from '../cases/cases-repository.ts';
import type { Database, Unlisten } from '../db/database.ts';
import { listenForChanges, type PublishedChange } from './case-change-channel.ts';
import { readNotifications } from '../notifications/notifications-repository.ts';

export type EventSink = (event: ServerEvent) => void;

// The notifications after which the case waits on its recipient: their case box lists it as offered.
const OFFER_KINDS: ReadonlySet<NotificationKind> = new Set([
  'case_offered',
  'case_escalated',
  'case_realerted',
]);

/** The case to send with a user's notification: only while it is offered to them, so only what their box lists. */
function offeredCaseFor(userId: string, summary: CaseSummary | undefined): CaseSummary | undefined {
  return summary?.offeredTo.some((offer) => offer.specialist.id === userId) === true ? summary : undefined;
}

export interface EventHub {
  /**
   * Delivers the user's events to sink until the returned function is called; end() ends the stream. With
   * `wholeEmergencyRoomOf` (a hospital whose whole emergency room the user sees) it also hears of every
   * change to that hospital's cases, so the ER's live board follows them.
   */
  subscribe(
    userId: string,
    sink: EventSink,
    end: () => void,
    wholeEmergencyRoomOf?: string | null,
  ): () => void;
  /** How many streams the user holds open on this server. */
  streamsOf(userId: string): number;
  /** Ends the user's open streams on this server (a deactivated account hears nothing more). */
  endStreamsOf(userId: string): void;
  /** How many streams are open on this server, all users together (the metrics). */
  openStreams(): number;
  /** Ends every open stream (before the server closes: an open stream would hold the close up). */
  endStreams(): void;
  close(): Promise<void>;
}

export async function startEventHub(db: Database, onError: (error: unknown) => void): Promise<EventHub> {
  const sinks = new Map<string, Set<EventSink>>();
  // hospital id -> user id -> that user's sinks that follow the whole emergency room
  const rooms = new Map<string, Map<string, Set<EventSink>>>();
  const enders = new Set<() => void>();
  // user id -> the enders of that user's streams
  const endersOf = new Map<string, Set<() => void>>();

  const deliver = async (change: PublishedChange): Promise<void> => {
    const wanted = change.notifications.filter((entry) => sinks.has(entry.userId));
    if (wanted.length > 0) {
      const found = await readNotifications(
        db,
        wanted.map((entry) => entry.id),
      );
      // Read once per change, after the commit that published it: the case as it stands now. The case box
      // shows it from the event, without asking the list again (the screen's latency; docs/benchmarks.md).
      const summary = found.some(({ notification }) => OFFER_KINDS.has(notification.kind))
        ? await readCaseSummary(db, change.caseId)
        : undefined;
      for (const { userId, notification } of found) {
        const offered = OFFER_KINDS.has(notification.kind) ? offeredCaseFor(userId, summary) : undefined;
        const event: ServerEvent = {
          type: 'notification',
          caseId: change.caseId,
          caseStatus: change.caseStatus,
          notification,
          ...(offered === undefined ? {} : { case: offered }),
        };
        for (const sink of sinks.get(userId) ?? []) sink(event);
      }
    }
    for (const userId of change.watchers) {
      for (const sink of sinks.get(userId) ?? [])
        sink({ type: 'case', caseId: change.caseId, caseStatus: change.caseStatus });
    }
    const room = change.hospitalId == null ? undefined : rooms.get(change.hospitalId);
    if (room !== undefined) {
      const told = new Set([...change.notifications.map((entry) => entry.userId), ...change.watchers]);
      for (const [userId, roomSinks] of room) {
        if (told.has(userId)) continue;
        for (const sink of roomSinks)
          sink({ type: 'case', caseId: change.caseId, caseStatus: change.caseStatus });
      }
    }
  };

  const unlisten: Unlisten = await listenForChanges(
    db,
    (change) => {
      deliver(change).catch(onError);
    },
    onError,
  );

  return {
    subscribe(userId, sink, end, wholeEmergencyRoomOf) {
      const set = sinks.get(userId) ?? new Set();
      set.add(sink);
      sinks.set(userId, set);
      enders.add(end);
      const ownEnders = endersOf.get(userId) ?? new Set<() => void>();
      ownEnders.add(end);
      endersOf.set(userId, ownEnders);
      const hospitalId = wholeEmergencyRoomOf ?? null;
      if (hospitalId !== null) {
        const room = rooms.get(hospitalId) ?? new Map<string, Set<EventSink>>();
        const mine = room.get(userId) ?? new Set<EventSink>();
        mine.add(sink);
        room.set(userId, mine);
        rooms.set(hospitalId, room);
      }
      return () => {
        enders.delete(end);
        ownEnders.delete(end);
        if (ownEnders.size === 0 && endersOf.get(userId) === ownEnders) endersOf.delete(userId);
        set.delete(sink);
        if (set.size === 0 && sinks.get(userId) === set) sinks.delete(userId);
        if (hospitalId !== null) {
          const room = rooms.get(hospitalId);
          const mine = room?.get(userId);
          mine?.delete(sink);
          if (mine !== undefined && mine.size === 0) room?.delete(userId);
          if (room !== undefined && room.size === 0) rooms.delete(hospitalId);
        }
      };
    },
    streamsOf(userId) {
      return sinks.get(userId)?.size ?? 0;
    },
    endStreamsOf(userId) {
      for (const end of [...(endersOf.get(userId) ?? [])]) end();
    },
    openStreams() {
      return enders.size;
    },
    endStreams() {
      for (const end of [...enders]) end();
    },
    async close() {
      sinks.clear();
      rooms.clear();
      enders.clear();
      endersOf.clear();
      await unlisten();
    },
  };
}
