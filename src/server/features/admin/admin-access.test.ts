import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { insertTopic } from "@server/testing/content-fixtures";
import { createAdminTestKit, type AdminTestKit, type Method } from "@server/testing/admin-test-kit";
import { ADMIN_ROUTES } from "./routes";

// Billing owns these two; the admin console calls them too, so they are walked with the rest.
const ALL_ADMIN_ROUTES: (readonly [Method, string])[] = [
  ...ADMIN_ROUTES,
  ["GET", "/api/admin/stripe-mode"],
  ["POST", "/api/admin/stripe-mode"],
];

describe("every admin route checks the role on the server", () => {
  let kit: AdminTestKit;
  let memberCookie: string;
  let memberId: string;
  let wordId: number;
  let topicId: number;

  beforeAll(async () => {
    kit = await createAdminTestKit();
    const member = await kit.t.signIn({ email: "member@example.com" });
    memberCookie = member.cookie;
    memberId = member.user.id;
    const topic = await insertTopic(kit.t.ctx, "finance", 3);
    topicId = topic.id;
    wordId = topic.wordIds[0]!;
  });
  afterAll(() => kit.t.close());

  /** A request that would succeed for an admin, so only the role can be the reason for a refusal. */
  function validRequest(method: Method, path: string): { url: string; payload?: unknown } {
    const url = path
      .replace(":id", path.includes("users") ? memberId : String(wordId))
      .concat(path === "/api/admin/content" && method === "GET" ? `?topicId=${topicId}` : "");
    const payloads: Record<string, unknown> = {
      "PUT /api/admin/users/:id": { subscriptionPlan: "pro", isAdmin: true },
      "POST /api/admin/topics": { name: "sneaky", displayName: "Sneaky", icon: "🕵️" },
      "POST /api/admin/content": { topicId, word: "sneak", definition: "To move quietly." },
      "PUT /api/admin/content/:id": { topicId, word: "sneakier", definition: "More sneaky." },
      "POST /api/admin/content/bulk": { topicId, words: [{ word: "sneak", definition: "Quietly." }] },
      "POST /api/admin/stripe-mode": { mode: "test" },
    };
    const payload = payloads[`${method} ${path}`];
    return payload === undefined ? { url } : { url, payload };
  }

  async function snapshot() {
    return queryRows(
      kit.t.ctx.db,
      sql`select (select count(*) from topics) as topics,
                 (select count(*) from words where deleted_at is null) as words,
                 (select string_agg(word || definition, ',' order by id) from words) as texts,
                 (select count(*) from admin_audit) as audit,
                 (select subscription_plan || is_admin::text from users where id = ${memberId}) as member`,
    );
  }

  it("answers 401 to a visitor and 403 to a signed-in non-admin on every route, changing nothing", async () => {
    const before = await snapshot();
    for (const [method, path] of ALL_ADMIN_ROUTES) {
      const { url, payload } = validRequest(method, path);
      const visitor = await kit.call(method, url, { payload });
      expect(visitor.statusCode, `${method} ${path} as visitor`).toBe(401);
      expect(visitor.json()).toMatchObject({ code: "UNAUTHORIZED" });

      const member = await kit.call(method, url, { cookie: memberCookie, payload });
      expect(member.statusCode, `${method} ${path} as member`).toBe(403);
      expect(member.json()).toMatchObject({ message: "Admin access required", code: "ADMIN_REQUIRED" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses non-admins before looking at the input: garbage bodies still get 401/403, never 400 or 500", async () => {
    for (const [method, path] of ALL_ADMIN_ROUTES) {
      const url = path.replace(":id", "not-a-number");
      const payload = method === "GET" || method === "DELETE" ? undefined : "{not json";
      const visitor = await kit.t.app.inject({
        method,
        url,
        headers: { origin: "http://localhost:5000", "content-type": "application/json" },
        ...(payload ? { payload } : {}),
      });
      expect(visitor.statusCode, `${method} ${path} as visitor`).toBe(401);
      const member = await kit.t.app.inject({
        method,
        url,
        headers: {
          origin: "http://localhost:5000",
          "content-type": "application/json",
          cookie: memberCookie,
        },
        ...(payload ? { payload } : {}),
      });
      expect(member.statusCode, `${method} ${path} as member`).toBe(403);
    }
  });

  /**
   * Billing answers these 409 with its reason, past the role check: without Stripe keys (the sandbox) there is no
   * mode to switch to, and the test's user has never been charged, so there is nothing to refund.
   */
  const REFUSED_BY_BILLING = new Set(["POST /api/admin/stripe-mode", "POST /api/admin/users/:id/refund"]);

  it("lets the admin through the same routes", async () => {
    for (const [method, path] of ALL_ADMIN_ROUTES) {
      if (method === "DELETE") continue; // would remove the word the PUT above needs; covered in content tests
      const { url, payload } = validRequest(method, path);
      const response = await kit.call(method, url, { cookie: kit.adminCookie, payload });
      if (REFUSED_BY_BILLING.has(`${method} ${path}`)) expect(response.statusCode).toBe(409);
      else expect(response.statusCode, `${method} ${path} as admin: ${response.body}`).toBeLessThan(300);
    }
  });
});
