// Case Router's service worker, at the root scope: it shows the alerts the server pushes and opens their
// case when one is clicked. It caches nothing: it has no fetch handler, so every request (API answers and
// patient data above all) goes to the network exactly as without it.
//
// A pushed alert carries no patient data (case number, urgency, specialty, hospital short name and a link
// only) and, for an offer, a one-time receipt credential scoped to that offer: reporting it tells the ER the
// offer reached a device even when no tab is open. The user's bearer token never reaches this worker.

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The alert in the push, or null when it is not one of ours. */
function readAlert(event) {
  try {
    const alert = event.data ? event.data.json() : null;
    return alert && typeof alert.title === 'string' ? alert : null;
  } catch {
    return null;
  }
}

/** Reports the receipt once; a failure is not retried here (the offer's other channels still run). */
function reportReceipt(alert) {
  if (typeof alert.receipt !== 'string' || typeof alert.receiptUrl !== 'string') return Promise.resolve();
  return fetch(alert.receiptUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: alert.receipt }),
    credentials: 'omit',
    cache: 'no-store',
  }).catch(() => undefined);
}

self.addEventListener('push', (event) => {
  const alert = readAlert(event);
  if (alert === null) {
    // A push must show something (userVisibleOnly): a neutral notice, never the push's own text.
    event.waitUntil(self.registration.showNotification('Case Router', { body: 'Open Case Router.' }));
    return;
  }
  const shown = self.registration.showNotification(alert.title, {
    body: typeof alert.body === 'string' ? alert.body : '',
    // One tag per case: a re-alert or "accepted by …" replaces the case's earlier notification.
    tag: typeof alert.tag === 'string' ? alert.tag : undefined,
    renotify: alert.renotify === true && typeof alert.tag === 'string',
    requireInteraction: alert.requireInteraction === true,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: typeof alert.url === 'string' ? alert.url : '/' },
  });
  event.waitUntil(Promise.all([shown, reportReceipt(alert)]));
});

/** Focuses a window showing the case, else brings any window of the app to it, else opens one. */
async function openCase(href) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === href);
  if (showing) return showing.focus();
  for (const client of windows) {
    try {
      const focused = await client.focus();
      return await focused.navigate(href);
    } catch {
      // An uncontrolled or closing window cannot be moved: open a new one below.
    }
  }
  return self.clients.openWindow(href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only addresses of the app itself are opened.
  const href = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(openCase(href));
});
