// Long start-up work is cut into tasks: between two steps the browser may paint and answer a tap, rather than
// hold the page frozen until the whole start-up is done.
interface YieldingScheduler {
  readonly yield?: () => Promise<void>;
}

/** Resolves in a later task; before other queued work where the browser allows it (scheduler.yield). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
