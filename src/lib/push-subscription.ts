// This browser's Web Push subscription: the device id it keeps (so that subscribing again replaces its
// endpoint on the server rather than adding a device), the subscription made with the server's VAPID key,
// and its renewal at every start-up once notifications are allowed: the module-load recovery unregisters
// the service worker, which ends its subscription, and the next start subscribes again.
import type { DeviceSubscription } from '../../generated/types.gen.ts';
import { registerServiceWorker } from './service-worker.ts';

const DEVICE_KEY = 'case-router:push-device-id';

/** Whether this browser can receive pushes at all (iOS: only the app added to the home screen). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The id this browser subscribed under, if it ever did. */
export function storedDeviceId(): string | null {
  try {
    return window.localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

/** The id of this browser as a device, made and kept on first use. */
export function thisDeviceId(): string {
  const stored = storedDeviceId();
  if (stored !== null && /^dev_[A-Za-z0-9_-]{16,40}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = `dev_${btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')}`;
  window.localStorage.setItem(DEVICE_KEY, id);
  return id;
}

/** A name the user recognises the device by, e.g. "Chrome on Android". */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/**
 * Subscribes this browser with the server's key (keeping a subscription made with it, dropping one made
 * with an older key) and answers it as the server takes it. Notification permission must be granted.
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<DeviceSubscription> {
  const registered = await registerServiceWorker();
  if (registered === null) throw new Error('This browser has no service worker for notifications.');
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' },
    label: deviceLabel(),
  };
}

/**
 * At start-up: a browser that subscribed before and still has permission subscribes again and tells the
 * server, which replaces that device's endpoint. Quietly does nothing otherwise; never asks for permission.
 */
export async function renewPushSubscription(): Promise<void> {
  const deviceId = storedDeviceId();
  if (deviceId === null || !pushSupported() || Notification.permission !== 'granted') return;
  try {
    const { listMyDevices, subscribeMyDevice } = await import('../../generated/sdk.gen.ts');
    const { data } = await listMyDevices({ throwOnError: true });
    const body = await subscribeThisBrowser(data.vapidPublicKey);
    await subscribeMyDevice({ path: { deviceId }, body, throwOnError: true });
  } catch (error) {
    console.warn('The push subscription could not be renewed', error);
  }
}
