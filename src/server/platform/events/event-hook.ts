import type { Logger } from "pino";
import type { Database } from "@server/db/client";
import type { Transaction } from "@server/db/raw";

/** Schedules work for after the surrounding transaction has committed (never, if it rolls back). */
export type AfterCommit = (work: () => void | Promise<void>) => void;

/**
 * A subscriber runs inside the transaction that raised the event: what it writes commits or rolls back with the
 * event's own rows. Work that must only happen once they are visible (cache invalidation) goes to `afterCommit`.
 */
export type EventSubscriber<Event> = (
  tx: Transaction,
  event: Event,
  afterCommit: AfterCommit,
) => void | Promise<void>;

/** A typed in-process event: the raiser knows nothing of who listens. */
export class EventHook<Event> {
  readonly #subscribers: EventSubscriber<Event>[] = [];

  subscribe(subscriber: EventSubscriber<Event>): void {
    this.#subscribers.push(subscriber);
  }

  async raise(tx: Transaction, event: Event, afterCommit: AfterCommit): Promise<void> {
    for (const subscriber of this.#subscribers) await subscriber(tx, event, afterCommit);
  }
}

/**
 * Runs `work` in one transaction, then what it scheduled with `afterCommit`, in order. A failure there is logged
 * and does not undo the committed change (nor is it the caller's failure).
 */
export async function transactionWithAfterCommit<T>(
  db: Database,
  log: Logger,
  work: (tx: Transaction, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const pending: (() => void | Promise<void>)[] = [];
  const result = await db.transaction((tx) => work(tx, (later) => void pending.push(later)));
  for (const later of pending) {
    try {
      await later();
    } catch (error) {
      log.warn({ err: error }, "work after a committed transaction failed");
    }
  }
  return result;
}
