import { eq } from "drizzle-orm";
import type { Database } from "@server/db/client";
import { smsOptOuts } from "@server/db/schema";

/** Whether this number replied STOP (and not START since): no text may go to it. */
export async function isOptedOut(db: Database, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ phoneNumber: smsOptOuts.phoneNumber })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phoneNumber, phoneNumber))
    .limit(1);
  return row !== undefined;
}

/** STOP keeps the first opt-out's time (a repeated STOP changes nothing); START removes it. */
export async function setOptedOut(
  db: Database,
  phoneNumber: string,
  optedOut: boolean,
  now: Date,
): Promise<void> {
  if (optedOut) await db.insert(smsOptOuts).values({ phoneNumber, optedOutAt: now }).onConflictDoNothing();
  else await db.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phoneNumber));
}
