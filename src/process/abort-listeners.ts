// One 'abort' listener on a signal, however many callers wait for it. The run's interrupt
// signal is watched by every step and every command running at once (a document's built-in
// scenarios overlap, documents run side by side with --jobs): a listener of each would pass
// the ten after which Node warns of a leak (MaxListenersExceededWarning) with a few
// containers, though each is removed when its command ends.

/** The callbacks waiting for each signal, and the one listener that calls them. */
const waiting = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();

/**
 * Calls CALLBACK once SIGNAL aborts (not at once if it has already: as addEventListener);
 * gives back the function that stops waiting, which removes the signal's listener with the
 * last callback.
 */
export function whenAborted(signal: AbortSignal | undefined, callback: () => void): () => void {
  if (!signal) return () => {};
  let entry = waiting.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      for (const waiter of [...callbacks]) waiter();
    };
    entry = { callbacks, listener };
    waiting.set(signal, entry);
    signal.addEventListener('abort', listener, { once: true });
  }
  // A callback of its own per call: the same function waiting twice is stopped once each.
  const waiter = () => callback();
  const { callbacks, listener } = entry;
  callbacks.add(waiter);
  return () => {
    if (!callbacks.delete(waiter) || callbacks.size > 0 || waiting.get(signal)?.listener !== listener) return;
    waiting.delete(signal);
    signal.removeEventListener('abort', listener);
  };
}
