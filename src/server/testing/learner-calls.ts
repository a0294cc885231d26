import { eq } from "drizzle-orm";
import type { PlanName } from "@shared/constants";
import { users } from "@server/db/schema";
import { SAME_ORIGIN, type TestApp } from "./test-app";

/**
 * A learner's HTTP calls through the test app (their cookie; the app's origin on every call that changes state), and
 * a learner signed in on a given plan. `app` is read at each call: test files create their app in `beforeAll`.
 */
export function learnerCalls(app: () => TestApp) {
  const call = (cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    app().app.inject({
      method,
      url,
      headers: { cookie, ...(method === "GET" ? {} : SAME_ORIGIN) },
      ...(payload ? { payload } : {}),
    });
  const asPlan = async (email: string, plan: PlanName) => {
    const t = app();
    const signedIn = await t.signIn({ email, timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, signedIn.user.id));
    return signedIn;
  };
  return { call, asPlan };
}
