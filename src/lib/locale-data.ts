// The browser loads its locale data (the dates' and numbers' formats) once for the whole page, for whichever
// thread asks first: 25-35 ms on a desktop CPU, four times that on a phone, in one piece on the main thread
// the first time a screen writes a date. A worker asks first instead, while the app's code and data are on
// their way, and the page's first date then costs the main thread under a millisecond.

/**
 * The worker: one file of the build, what it imports bundled in, on our origin and under our script policy.
 * A module worker, so that in development, where its modules are served one by one, it can import them.
 */
const startWorker = (): Worker =>
  new Worker(new URL('./locale-data.worker.ts', import.meta.url), { type: 'module' });

/**
 * Starts the worker; it is ended once the data is in. Nothing depends on it: where it cannot start, or
 * fails, the first formatter loads the data as it always did.
 */
export function loadLocaleDataInWorker(createWorker: () => Worker = startWorker): void {
  if (typeof Worker === 'undefined') return;
  let worker: Worker;
  try {
    worker = createWorker();
  } catch {
    return;
  }
  const end = () => {
    worker.terminate();
  };
  worker.addEventListener('message', end, { once: true });
  worker.addEventListener('error', end, { once: true });
}
