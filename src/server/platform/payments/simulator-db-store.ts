import { eq } from "drizzle-orm";
import type { Database } from "@server/db/client";
import { sandboxObjects } from "@server/db/schema";
import type { SimulatorStore } from "./simulated-stripe";

/** The sandbox keeps its Stripe-shaped objects in the database, so its subscriptions survive a restart. */
export function databaseStore(db: Database): SimulatorStore {
  return {
    async get<T>(id: string) {
      const [row] = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(eq(sandboxObjects.id, id));
      return row?.data as T | undefined;
    },
    async put(object) {
      await db
        .insert(sandboxObjects)
        .values({ id: object.id, type: object.object, data: object })
        .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: object } });
    },
    async list<T>(type: string) {
      const rows = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(eq(sandboxObjects.type, type));
      return rows.map((row) => row.data as T);
    },
  };
}
