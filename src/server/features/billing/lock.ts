const tails = new Map<string, Promise<unknown>>();

/**
 * Runs one user's billing operations one at a time in this process (a double click waits for the first click,
 * then sees its result). Across processes, the idempotency keys sent to the provider do the same job.
 */
export function withBillingLock<T>(userId: string, run: () => Promise<T>): Promise<T> {
  const previous = tails.get(userId) ?? Promise.resolve();
  const next = previous.then(run, run);
  const tail = next.catch(() => undefined);
  tails.set(userId, tail);
  void tail.then(() => {
    if (tails.get(userId) === tail) tails.delete(userId);
  });
  return next;
}
