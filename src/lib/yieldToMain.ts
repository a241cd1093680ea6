/**
 * Issue #45: ends the current task, so that the browser may paint and answer a tap before the
 * next step of the start runs. After the server's screen is painted, every task over 50 ms counts
 * against the page (Total Blocking Time); the start's steps are each well under that, together far
 * over it. `scheduler.yield` where the browser has it (the rest of the start keeps its place in
 * the queue), else a fresh task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
