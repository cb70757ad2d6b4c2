// The one piece of Web Push a browser test cannot have for real here: Chromium's PushManager.subscribe() asks
// Google's push service for an endpoint, which a closed network never answers (and a Playwright context that
// is not persistent is incognito, where Chromium has no Push API at all). So the page's PushManager hands out
// subscriptions of a push service inside the test instead (tests/api/support/push-service.ts): the same
// shape, an http://127.0.0.1 endpoint and keys the test holds, so the server's real pushes reach the test,
// which checks their VAPID signature, decrypts them and delivers them to the real service worker through
// the DevTools protocol. Everything else is the browser's own: permission, service worker, notifications.
//
// As in a browser, a subscription lives as long as its service worker registration: unregistering it (as
// the module-load recovery does) ends the subscription, and the next subscribe() makes a new endpoint.
import type { BrowserContext } from '@playwright/test';
import type { LocalPushService, TestDevice } from '../../tests/api/support/push-service.ts';

interface Held {
  readonly device: TestDevice;
  readonly key: number[];
}

export interface TestPushManager {
  /** The subscriptions made, in order (the last is the current one, unless it ended). */
  readonly made: TestDevice[];
  current(): TestDevice | null;
  /** How many times a registration was unregistered (each ends the subscription it had). */
  unregistered(): number;
}

export async function installTestPushManager(
  context: BrowserContext,
  pushService: LocalPushService,
): Promise<TestPushManager> {
  let held: Held | null = null;
  let unregistered = 0;
  const made: TestDevice[] = [];
  await context.exposeBinding(
    '__caseRouterTestPush',
    (_source, operation: 'get' | 'subscribe' | 'unregistered', key?: number[]) => {
      if (operation === 'unregistered') {
        held = null;
        unregistered += 1;
      }
      if (operation === 'subscribe' && held === null) {
        const device = pushService.device(`browser-${made.length + 1}`);
        made.push(device);
        held = { device, key: key ?? [] };
      }
      return held === null ? null : { endpoint: held.device.endpoint, keys: held.device.keys, key: held.key };
    },
  );
  await context.addInitScript(() => {
    type Answer = { endpoint: string; keys: { p256dh: string; auth: string }; key: number[] } | null;
    const bridge = (window as unknown as Record<string, unknown>)['__caseRouterTestPush'] as (
      operation: string,
      key?: number[],
    ) => Promise<Answer>;
    const subscription = (answer: Answer) =>
      answer === null
        ? null
        : {
            endpoint: answer.endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(answer.key).buffer },
            getKey: () => null,
            toJSON: () => ({ endpoint: answer.endpoint, expirationTime: null, keys: answer.keys }),
            unsubscribe: async () => {
              await bridge('unregistered');
              return true;
            },
          };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return subscription(await bridge('get'));
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        key instanceof ArrayBuffer
          ? new Uint8Array(key)
          : ArrayBuffer.isView(key)
            ? new Uint8Array(key.buffer)
            : [];
      return subscription(await bridge('subscribe', [...bytes])) as unknown as PushSubscription;
    };
    const unregister = Object.getOwnPropertyDescriptor(ServiceWorkerRegistration.prototype, 'unregister')
      ?.value as (this: ServiceWorkerRegistration) => Promise<boolean>;
    ServiceWorkerRegistration.prototype.unregister = async function unregisterAndEndPush() {
      const done = await unregister.call(this);
      await bridge('unregistered');
      return done;
    };
  });
  return { made, current: () => held?.device ?? null, unregistered: () => unregistered };
}
