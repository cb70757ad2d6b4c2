// The notifications feature: the reader's feed, the live event stream, and how a notification reads.
export {
  type EventStream,
  type EventStreamOptions,
  reconnectDelay,
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  startEventStream,
  STREAM_DOWN_GRACE_MS,
} from './event-stream.ts';
export {
  caseHrefFor,
  notificationHeadline,
  type NotificationView,
  toNotificationView,
} from './notification-view.ts';
export { attentionOrder, placeInPages, showOfferedCase } from './offered-case.ts';
export { invalidateAfterReconnect, invalidateForEvent, notificationToToast } from './server-events.ts';
export {
  NOTIFICATION_PAGE_SIZE,
  type NotificationFeed,
  useNotificationFeed,
} from './use-notification-feed.ts';
export { type NotificationStreamOptions, useNotificationStream } from './use-notification-stream.ts';
export { CHIME, OFFER_SOUNDS, playPattern, type SoundPattern } from './alert-sound.ts';
export {
  addWaitingOffer,
  isWaitingFor,
  offerAlertOf,
  useWaitingOffers,
  waitingOffersOptions,
} from './waiting-offers.ts';
