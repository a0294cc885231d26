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

/** The application's in-process events (AppContext.events); subscribers are wired in bootstrap.ts. */
export interface AppEvents {
  delivered: EventHook<DeliveredEvent>;
}

export const createAppEvents = (): AppEvents => ({ delivered: new EventHook<DeliveredEvent>() });
