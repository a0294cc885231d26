import { EventHook } from "./event-hook";

/** One delivery row just created (scheduled by dispatch, or the admin's demo). */
export interface DeliveredItem {
  id: number;
  userId: string;
  /** Null only for a delivery whose subscription no longer exists (never at creation today). */
  subscriptionId: number | null;
  topicId: number;
  wordId: number;
  source: "scheduled" | "demo";
  /** Whether it shows in the app's notification list. */
  inApp: boolean;
}

/** Raised inside the transaction that created the deliveries (features/delivery), before it commits. */
export interface DeliveredEvent {
  deliveries: readonly DeliveredItem[];
}

/**
 * Raised by the dispatcher (features/delivery), inside its batch's transaction, for a user whose pause has run out
 * before any of their words is planned; preferences ends the pause (it owns the pause and what ending it re-plans).
 */
export interface PauseElapsedEvent {
  userId: string;
  now: Date;
}

/** The application's in-process events (AppContext.events); subscribers are wired in bootstrap.ts. */
export interface AppEvents {
  delivered: EventHook<DeliveredEvent>;
  pauseElapsed: EventHook<PauseElapsedEvent>;
}

export const createAppEvents = (): AppEvents => ({
  delivered: new EventHook<DeliveredEvent>(),
  pauseElapsed: new EventHook<PauseElapsedEvent>(),
});
